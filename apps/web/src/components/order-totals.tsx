import { formatBRL } from '@lumina/shared/format/money';
import { SummaryList, type SummaryLine } from './ui/summary-list.tsx';

export interface OrderAmounts {
  subtotal_cents: number;
  shipping_name: string;
  shipping_cost_cents: number;
  total_cents: number;
  /** Off the items by automatic promotions and by the coupon (0 when none). */
  promotion_discount_cents: number;
  coupon_discount_cents: number;
  coupon_code: string | null;
  /** Freight waived by a free-shipping coupon or promotion. */
  shipping_discount_cents: number;
}

/** A discount as a line subtracts it: '−R$ 10,00' (a true minus sign, read as such). */
export function discountText(cents: number): string {
  return `−${formatBRL(cents)}`;
}

/** The lines under an order's items: what the total is made of. */
export function orderTotalLines(order: OrderAmounts): SummaryLine[] {
  const lines: SummaryLine[] = [{ label: 'Subtotal', value: formatBRL(order.subtotal_cents) }];
  if (order.promotion_discount_cents > 0) {
    lines.push({ label: 'Promoção', value: discountText(order.promotion_discount_cents) });
  }
  if (order.coupon_discount_cents > 0) {
    lines.push({
      label: order.coupon_code ? `Cupom ${order.coupon_code}` : 'Cupom',
      value: discountText(order.coupon_discount_cents),
    });
  }
  const waived = order.shipping_discount_cents > 0 && order.shipping_cost_cents === 0;
  lines.push(
    waived
      ? { label: `Frete grátis (${order.shipping_name})`, value: formatBRL(0) }
      : { label: `Frete (${order.shipping_name})`, value: formatBRL(order.shipping_cost_cents) },
  );
  lines.push({ label: 'Total', value: formatBRL(order.total_cents), strong: true });
  return lines;
}

/**
 * Subtotal, the discounts (promotion, the coupon by its code), freight and total under an
 * order's items, for the shopper and the panel alike.
 */
export function OrderTotals({ order }: { order: OrderAmounts }) {
  return <SummaryList className="mt-2" lines={orderTotalLines(order)} />;
}
