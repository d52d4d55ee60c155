import type { ProductDto } from '@lumina/shared/catalog/product';
import { useStockAlertCounts } from '../api/stock-alerts.ts';

const people = (count: number) => `${count} ${count === 1 ? 'pessoa' : 'pessoas'}`;

/** '8 mm / Dourado', or the product's name when it has no options. */
function variantLabel(product: ProductDto, variantId: number): string {
  const variant = product.variants.find((candidate) => candidate.id === variantId);
  if (!variant || product.options.length === 0) return product.name;
  const values = product.options
    .map((option) => variant.option_values[option.name])
    .filter((value): value is string => Boolean(value));
  return values.length > 0 ? values.join(' / ') : variant.sku;
}

/**
 * In the product's form: how many shoppers wait for each variant ('Avise-me quando chegar'), so
 * whoever restocks knows who is called. Nothing while nobody waits.
 */
export function StockAlertWaiting({ product }: { product: ProductDto }) {
  const counts = useStockAlertCounts(product.id);
  const rows = (counts.data?.variants ?? []).filter((row) => row.waiting + row.pending > 0);
  if (rows.length === 0) return null;
  return (
    <section
      aria-labelledby="avise-me-espera"
      className="rounded-2xl border border-gold-500/40 bg-gold-100/60 p-3 sm:col-span-2"
    >
      <h3 id="avise-me-espera" className="text-sm font-semibold text-ink-900">
        Avise-me quando chegar
      </h3>
      <p className="text-xs text-ink-700">
        Ao repor uma variante esgotada, os primeiros da fila recebem um e-mail (quantos por unidade,
        em Configurações da loja).
      </p>
      <ul className="mt-2 space-y-1 text-sm text-ink-900">
        {rows.map((row) => (
          <li key={row.variant_id} data-testid={`espera-${row.variant_id}`}>
            <span className="font-medium">{variantLabel(product, row.variant_id)}:</span>{' '}
            {people(row.waiting)} esperando
            {row.pending > 0 ? (
              <span className="text-ink-700"> (+{row.pending} sem confirmar o e-mail)</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
