import type { SummaryItem } from '@lumina/shared/checkout/contract-summary';
import type { PriceBasis } from '@lumina/shared/promotions/coupon-rules';
import type { CartLine } from '../../../lib/cart/cart-types.ts';

/** A products-table row at the unit price the order charges: PIX for PIX, list otherwise. */
export interface CheckoutLine {
  id: number;
  name: string;
  category: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

/** What a unit of the line is charged: its PIX price, in cents. */
function pixUnitCents(item: CartLine): number {
  return Math.round(item.pix_price * 100);
}

export function checkoutLines(
  items: readonly CartLine[],
  basis: PriceBasis = 'pix',
): CheckoutLine[] {
  return items.map((item) => {
    const unitCents = basis === 'pix' ? pixUnitCents(item) : item.price_cents;
    return {
      id: item.id,
      name: item.name,
      category: item.category,
      quantity: item.quantity,
      unitCents,
      totalCents: unitCents * item.quantity,
    };
  });
}

/** The lines as the contract summary lists them: PIX price charged, list price beside it. */
export function summaryItems(items: readonly CartLine[]): SummaryItem[] {
  return items.map((item) => ({
    name: item.name,
    optionValues: item.option_values,
    quantity: item.quantity,
    unitCents: pixUnitCents(item),
    listUnitCents: item.price_cents,
  }));
}

/** Which lines an order would be made of: part of what decides whether a key is reused. */
export function cartFingerprint(items: readonly CartLine[]): string {
  return items.map((item) => `${item.id}:${item.product_id}:${item.quantity}`).join('|');
}
