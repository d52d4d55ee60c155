import { useSearchParams } from 'react-router';
import { Button } from './button.tsx';

/** The page the address asks for (?page=), or undefined on the first or for a wrong value. */
export function pageFromParams(params: URLSearchParams): number | undefined {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : undefined;
}

/**
 * 'Anterior · Página 2 de 5 · Próxima' for a list whose page lives in the address (?page=, absent
 * on the first). Nothing for a single page. `label` names the navigation landmark, so two lists
 * on one screen stay apart.
 */
export function Pagination({
  page,
  totalPages,
  label,
}: {
  page: number;
  totalPages: number;
  label: string;
}) {
  const [params, setParams] = useSearchParams();
  if (totalPages <= 1) return null;
  const go = (to: number) => {
    const next = new URLSearchParams(params);
    if (to > 1) next.set('page', String(to));
    else next.delete('page');
    setParams(next);
  };
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-center gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => go(page - 1)}>
        Anterior
      </Button>
      <span className="text-sm text-ink-700">
        Página {page} de {totalPages}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => go(page + 1)}
      >
        Próxima
      </Button>
    </nav>
  );
}
