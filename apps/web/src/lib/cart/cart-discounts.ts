import { formatBRL } from '@lumina/shared/format/money';
import type { PriceBasis } from '@lumina/shared/promotions/coupon-rules';
import type { CartLine, CartPricingView } from './cart-types.ts';

/** One discount under a cart's or an order's subtotal: 'Cupom BEMVINDA10' and its cents. */
export interface DiscountLine {
  label: string;
  cents: number;
}

/** The items' amounts at one basis: what the page shows above the freight. */
export interface ItemsPricing {
  subtotalCents: number;
  discounts: DiscountLine[];
  /** Items to pay: subtotal less the discounts. */
  totalCents: number;
}

/** 'Promoção Semana do Nariz'; 'Promoções Semana do Nariz e Argolas' when several gave. */
function promotionLabel(names: string[]): string {
  if (names.length === 1) return `Promoção ${names[0] ?? ''}`;
  return `Promoções ${names.slice(0, -1).join(', ')} e ${names.at(-1) ?? ''}`;
}

/**
 * A line's unit price at the basis as the cart knows it: PIX pays the PIX price, a card or a
 * boleto the list price.
 */
function unitCents(line: CartLine, basis: PriceBasis): number {
  return basis === 'pix' ? Math.round(line.pix_price * 100) : line.price_cents;
}

/**
 * The items' subtotal, discount lines and total at a basis (PIX prices for PIX, list prices for
 * card and boleto). The server's pricing is the source when it sent one; without it (a line only
 * this browser holds, or an older answer) the lines are added up, with no discount.
 */
export function itemsPricing(
  cart: CartPricingView,
  lines: readonly CartLine[],
  basis: PriceBasis,
): ItemsPricing {
  const priced = cart.pricing?.[basis];
  if (!priced) {
    const subtotal = lines.reduce((sum, line) => sum + unitCents(line, basis) * line.quantity, 0);
    return { subtotalCents: subtotal, discounts: [], totalCents: subtotal };
  }
  const discounts: DiscountLine[] = [];
  if (priced.promotion_discount_cents > 0) {
    const names = cart.promotions.map((promotion) => promotion.name);
    discounts.push({
      label: names.length > 0 ? promotionLabel(names) : 'Promoção',
      cents: priced.promotion_discount_cents,
    });
  }
  if (priced.coupon_discount_cents > 0) {
    discounts.push({
      label: cart.coupon ? `Cupom ${cart.coupon.code}` : 'Cupom',
      cents: priced.coupon_discount_cents,
    });
  }
  return { subtotalCents: priced.subtotal_cents, discounts, totalCents: priced.total_cents };
}

/** '−R$ 10,00': a discount as the summaries write it (a true minus sign). */
export function discountText(cents: number): string {
  return `−${formatBRL(cents)}`;
}
