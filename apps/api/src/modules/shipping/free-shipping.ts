import { type PriceRules, qualifiesForFreeShipping } from '@lumina/shared/catalog/pricing';
import { type CouponRule, freeShippingRule } from '@lumina/shared/promotions/coupon-rules';
import { cepToState } from '../../integrations/shipping/cep-regions.ts';
import type { Quote } from '../../integrations/shipping/quoter.ts';

/**
 * The store's one free-shipping rule (spec 000 §1 and §9, "free shipping from R$ 299", the
 * threshold now the store settings'): PAC costs nothing when the goods' subtotal at regular
 * prices (integer cents) reaches the threshold; without one, nothing ships free. SEDEX is always
 * charged: the banner promises free shipping, not free express delivery. Applied after any
 * quoter, so the table and the carriers' prices obey it alike.
 */
export function applyFreeShipping(
  quote: Quote,
  subtotalCents: number,
  rules: Pick<PriceRules, 'free_shipping_threshold_cents'>,
): Quote & { freeShipping: boolean } {
  if (quote.method !== 'pac' || !qualifiesForFreeShipping(subtotalCents, rules)) {
    return { ...quote, freeShipping: false };
  }
  return { ...quote, costCents: 0, freeShipping: true };
}

/** A quote after every free-shipping rule: which coupon or promotion waived it, and how much. */
export type DiscountedQuote = Quote & {
  freeShipping: boolean;
  /** The coupon or automatic promotion that made it free; null when charged or by the threshold. */
  freeBy: CouponRule | null;
  /** What the carrier charges and the shop waived by that rule (the order's shipping discount). */
  waivedCents: number;
};

/** The shopper's coupon and the shop's automatic promotions a quote is judged by. */
export interface ShippingDiscounts {
  coupon: CouponRule | null;
  promotions: readonly CouponRule[];
  now: Date;
}

/**
 * Free shipping by a free-shipping coupon or automatic promotion (shared/promotions), after the
 * settings' threshold: a quote the threshold already made free owes nothing to a coupon, so no
 * use of it is held for freight it did not waive. The state comes from the CEP, as the rules
 * name states; the regular-price subtotal is what their minimum order compares.
 */
export function applyFreeShippingRules(
  quote: Quote & { freeShipping: boolean },
  question: { listSubtotalCents: number; destinationCep: string; discounts: ShippingDiscounts },
): DiscountedQuote {
  const charged = { ...quote, freeBy: null, waivedCents: 0 };
  if (quote.freeShipping) return charged;
  const { coupon, promotions, now } = question.discounts;
  const rule = freeShippingRule({
    coupon,
    promotions,
    listSubtotalCents: question.listSubtotalCents,
    method: quote.method,
    state: cepToState(question.destinationCep),
    now,
  });
  if (!rule) return charged;
  return { ...quote, costCents: 0, freeShipping: true, freeBy: rule, waivedCents: quote.costCents };
}
