import { type CouponRule, timeProblem } from '@lumina/shared/promotions/coupon-rules';

/** The automatic promotions on now, whatever the cart (a minimum order is said in their text). */
export function promotionsOnNow(rules: readonly CouponRule[], now: Date): CouponRule[] {
  return rules.filter((rule) => rule.code === null && timeProblem(rule, now) === null);
}

/**
 * The best automatic percent promotion on now that covers a product (by its category or its
 * id), ignoring any minimum order: what its card and page announce. Null when none does.
 */
export function productPromotion(
  rules: readonly CouponRule[],
  product: { id: number; category: string },
  now: Date,
): CouponRule | null {
  let best: CouponRule | null = null;
  for (const rule of promotionsOnNow(rules, now)) {
    if (rule.kind !== 'percent') continue;
    const wholeShop = rule.categories.length === 0 && rule.productIds.length === 0;
    const covers =
      wholeShop ||
      rule.categories.includes(product.category) ||
      rule.productIds.includes(product.id);
    if (covers && (!best || rule.value > best.value)) best = rule;
  }
  return best;
}
