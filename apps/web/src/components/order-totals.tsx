import { formatBRL } from '@lumina/shared/format/money';
import { SummaryList } from './ui/summary-list.tsx';

export interface OrderAmounts {
  subtotal_cents: number;
  shipping_name: string;
  shipping_cost_cents: number;
  total_cents: number;
}

/** Subtotal, freight and total under an order's items, for the shopper and the panel alike. */
export function OrderTotals({ order }: { order: OrderAmounts }) {
  return (
    <SummaryList
      className="mt-2"
      lines={[
        { label: 'Subtotal', value: formatBRL(order.subtotal_cents) },
        { label: `Frete (${order.shipping_name})`, value: formatBRL(order.shipping_cost_cents) },
        { label: 'Total', value: formatBRL(order.total_cents), strong: true },
      ]}
    />
  );
}
