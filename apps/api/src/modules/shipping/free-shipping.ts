import { qualifiesForFreeShipping } from '@lumina/shared/catalog/pricing';
import type { Quote } from '../../integrations/shipping/quoter.ts';

/**
 * The store's one free-shipping rule (spec 000 §1 and §9, "free shipping from R$ 299"): PAC
 * costs nothing when the goods' subtotal at regular prices (integer cents) reaches 29 900.
 * SEDEX is always charged: the banner promises free shipping, not free express delivery.
 * Applied after any quoter, so the table and the carriers' prices obey it alike.
 */
export function applyFreeShipping(
  quote: Quote,
  subtotalCents: number,
): Quote & { freeShipping: boolean } {
  if (quote.method !== 'pac' || !qualifiesForFreeShipping(subtotalCents)) {
    return { ...quote, freeShipping: false };
  }
  return { ...quote, costCents: 0, freeShipping: true };
}
