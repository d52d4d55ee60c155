import type { ProductDto } from '@lumina/shared/catalog/product';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { adminRequest } from '../api/admin-request.ts';
import { adminProductsQueryOptions } from '../api/catalog.ts';

/** Names of chosen products looked up one by one; more than this are listed by number. */
const NAMES_LOOKED_UP = 30;

/** The names of products chosen before this form opened (an edited coupon has only ids). */
function useProductNames(ids: readonly number[], known: Readonly<Record<number, string>>) {
  const missing = ids.filter((id) => known[id] === undefined).slice(0, NAMES_LOOKED_UP);
  const answers = useQueries({
    queries: missing.map((id) => ({
      queryKey: ['admin', 'product', id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        adminRequest<{ product: ProductDto }>(`/admin/products/${id}`, { signal }),
      staleTime: 5 * 60_000,
    })),
  });
  const names: Record<number, string> = { ...known };
  for (const answer of answers) {
    if (answer.data) names[answer.data.product.id] = answer.data.product.name;
  }
  return names;
}

/**
 * The products a coupon covers: search the catalogue by name or SKU (the admin products list),
 * add from the results, remove from the chosen list.
 */
export function CouponProductsField({
  ids,
  onChange,
}: {
  ids: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [known, setKnown] = useState<Record<number, string>>({});
  const names = useProductNames(ids, known);
  const results = useQuery({ ...adminProductsQueryOptions({ q }), enabled: q !== '' });
  const chosen = new Set(ids);

  const search = (event: FormEvent | { preventDefault: () => void }) => {
    event.preventDefault();
    setQ(typed.trim());
  };
  const add = (product: { id: number; name: string }) => {
    setKnown((current) => ({ ...current, [product.id]: product.name }));
    onChange([...ids, product.id]);
  };

  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-ink-900">Produtos</p>
      {ids.length > 0 ? (
        <ul aria-label="Produtos escolhidos" className="flex flex-wrap gap-2">
          {ids.map((productId) => {
            const name = names[productId] ?? `Produto nº ${productId}`;
            return (
              <li
                key={productId}
                className="flex max-w-full items-center gap-1 rounded-full bg-cream-100 py-1 pr-1 pl-3 text-sm text-ink-900"
              >
                <span className="truncate">{name}</span>
                <button
                  type="button"
                  onClick={() => onChange(ids.filter((other) => other !== productId))}
                  aria-label={`Remover ${name}`}
                  className="inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-cream-200"
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {/* Not a <form>: this sits inside the coupon's form, and Enter searches instead of saving. */}
      <div role="search" className="flex gap-2">
        <label htmlFor={`${id}-q`} className="sr-only">
          Buscar produto por nome ou SKU
        </label>
        <input
          id={`${id}-q`}
          type="search"
          maxLength={100}
          placeholder="Nome ou SKU"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') search(event);
          }}
          className="min-w-0 flex-1 rounded-xl border border-ink-300 bg-white px-3 py-2 text-base"
        />
        <Button type="button" size="sm" variant="outline" onClick={search}>
          Buscar
        </Button>
      </div>
      {results.isError ? (
        <p className="text-xs font-medium text-sale">{results.error.message}</p>
      ) : null}
      {q !== '' && results.data ? (
        results.data.products.length === 0 ? (
          <p className="text-sm text-ink-700">Nenhum produto encontrado.</p>
        ) : (
          <ul
            aria-label="Resultados da busca"
            className="max-h-60 divide-y divide-ink-300/40 overflow-y-auto rounded-xl border border-ink-300/60 bg-white"
          >
            {results.data.products.map((product) => (
              <li key={product.id} className="flex items-center gap-2 px-3 py-1 text-sm">
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-ink-900">{product.name}</span>
                  <span className="block text-xs text-ink-700">{product.sku}</span>
                </span>
                {chosen.has(product.id) ? (
                  <span className="text-xs text-ink-700">Escolhido</span>
                ) : (
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    onClick={() => add(product)}
                    aria-label={`Adicionar ${product.name}`}
                  >
                    Adicionar
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
