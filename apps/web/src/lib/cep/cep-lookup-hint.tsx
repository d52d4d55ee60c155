import type { CepLookupStatus } from './use-cep-autofill.ts';

const TEXTS: Partial<Record<CepLookupStatus, string>> = {
  loading: 'Buscando endereço...',
  filled: 'Endereço preenchido pelo CEP. Confira os dados.',
};

/**
 * A quiet line under the CEP field, read out politely. Failures say nothing: the user simply
 * types the address, as they would without the lookup. The line keeps its height so the form
 * below does not jump.
 */
export function CepLookupHint({ id, status }: { id: string; status: CepLookupStatus }) {
  return (
    <p id={id} aria-live="polite" className="mt-1 min-h-4 text-xs text-ink-600">
      {TEXTS[status] ?? ''}
    </p>
  );
}
