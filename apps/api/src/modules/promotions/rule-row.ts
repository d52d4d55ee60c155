import type { CouponRule } from '@lumina/shared/promotions/coupon-rules';
import type { StoredRule } from '../../db/schema/orders.ts';
import type { coupons } from '../../db/schema/promotions.ts';

export type CouponRow = typeof coupons.$inferSelect;

/** A coupons row as the discount engine reads it. */
export function toCouponRule(row: CouponRow): CouponRule {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    value: row.value,
    maxDiscountCents: row.maxDiscountCents,
    minOrderCents: row.minOrderCents,
    categories: row.categories,
    productIds: row.productIds,
    shippingMethods: row.shippingMethods,
    states: row.states,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    firstPurchaseOnly: row.firstPurchaseOnly,
    combinesWithPix: row.combinesWithPix,
    combinesWithSale: row.combinesWithSale,
    active: row.active,
  };
}

/** A rule as an order keeps it (orders.pricing_rules), dates as ISO text. */
export function storeRule(rule: CouponRule): StoredRule {
  return {
    ...rule,
    startsAt: rule.startsAt?.toISOString() ?? null,
    endsAt: rule.endsAt?.toISOString() ?? null,
  };
}

/** A kept rule back as the engine reads it. */
export function storedRule(rule: StoredRule): CouponRule {
  return {
    ...rule,
    startsAt: rule.startsAt === null ? null : new Date(rule.startsAt),
    endsAt: rule.endsAt === null ? null : new Date(rule.endsAt),
  };
}
