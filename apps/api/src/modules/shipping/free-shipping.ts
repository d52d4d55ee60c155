import { type PriceRules, qualifiesForFreeShipping } from '@lumina/shared/catalog/pricing';
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
