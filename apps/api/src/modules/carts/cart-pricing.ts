import { pixPriceCents, type PriceRules } from '@lumina/shared/catalog/pricing';
import { COUPON_MESSAGES } from '@lumina/shared/promotions/coupon-messages';
import {
  type CouponRule,
  couponProblemMessage,
  type PricingLine,
  type PricingResult,
  priceLines,
} from '@lumina/shared/promotions/coupon-rules';
import { linePrices } from '../catalog/line-prices.ts';
import type { CouponRow } from '../promotions/rule-row.ts';
import type { CartLineRow } from './repository.ts';

type PixRules = Pick<PriceRules, 'pix_discount_percent'>;

/** The cart priced by both bases: PIX pays PIX prices, card and boleto list prices. */
export interface CartPricing {
  pix: PricingResult;
  list: PricingResult;
}

/** Cart lines as the discount engine reads them, priced as the cart's items are. */
export function pricingLinesOf(lines: readonly CartLineRow[], rules: PixRules): PricingLine[] {
  return lines.map((line) => {
    const prices = linePrices(line);
    return {
      key: line.id,
      productId: line.productId,
      category: line.category,
      quantity: line.quantity,
      listCents: prices.price_cents,
      pixCents: pixPriceCents(prices, rules),
      onSale:
        (prices.sale_price_cents ?? Number.POSITIVE_INFINITY) < prices.price_cents ||
        (prices.pix_price_cents !== null && prices.pix_price_cents < prices.price_cents),
    };
  });
}

export function priceCart(
  lines: readonly PricingLine[],
  coupon: CouponRule | null,
  promotions: readonly CouponRule[],
  now: Date,
): CartPricing {
  const input = { lines: [...lines], coupon, promotions, now };
  return {
    pix: priceLines({ ...input, basis: 'pix' }),
    list: priceLines({ ...input, basis: 'list' }),
  };
}

/**
 * Why the cart's coupon no longer applies to it, or null: deleted, out of uses, or a problem of
 * the engine (paused, out of its dates, the minimum order, no item in its scope).
 */
export function couponStopReason(row: CouponRow | null, priced: CartPricing): string | null {
  if (!row) return COUPON_MESSAGES.invalid;
  if (row.usageLimit !== null && row.usesCount >= row.usageLimit) return COUPON_MESSAGES.exhausted;
  const coupon = priced.list.coupon ?? priced.pix.coupon;
  if (coupon?.problem) return couponProblemMessage(coupon.rule, coupon.problem);
  return null;
}
