import type {
  CartCouponJson,
  CartPriceJson,
  CouponJson,
  PromotionJson,
} from '@lumina/shared/promotions/coupon-schema';
import type { CouponRule, PricingResult } from '@lumina/shared/promotions/coupon-rules';
import { describeRule, ruleState } from '@lumina/shared/promotions/coupon-description';
import { centsToReais as reais } from '@lumina/shared/format/money';
import type { CouponWithStats } from './repository.ts';
import { toCouponRule } from './rule-row.ts';

/** Brazil has kept no summer time since 2019: São Paulo is UTC-3 all year. */
const SAO_PAULO_OFFSET_MS = 3 * 60 * 60 * 1000;

/** An instant on São Paulo's clock, 'YYYY-MM-DDTHH:mm', as a datetime-local input holds it. */
export function saoPauloLocal(instant: Date | null): string | null {
  if (!instant) return null;
  return new Date(instant.getTime() - SAO_PAULO_OFFSET_MS).toISOString().slice(0, 16);
}

const reaisOrNull = (cents: number | null) => (cents === null ? null : reais(cents));

/** A coupon or promotion as the owner's panel reads it, with its figures and where it stands. */
export function toCouponJson(row: CouponWithStats, now: Date): CouponJson {
  const rule = toCouponRule(row);
  const value =
    rule.kind === 'percent' ? rule.value / 100 : rule.kind === 'fixed' ? reais(rule.value) : 0;
  return {
    id: row.id,
    automatic: row.code === null,
    code: row.code,
    name: row.name,
    kind: row.kind,
    value,
    value_cents: rule.kind === 'fixed' ? rule.value : null,
    max_discount: reaisOrNull(row.maxDiscountCents),
    max_discount_cents: row.maxDiscountCents,
    min_order: reaisOrNull(row.minOrderCents),
    min_order_cents: row.minOrderCents,
    scope: { categories: row.categories, product_ids: row.productIds },
    shipping_methods: row.shippingMethods,
    states: row.states,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    starts_at_local: saoPauloLocal(row.startsAt),
    ends_at_local: saoPauloLocal(row.endsAt),
    usage_limit: row.usageLimit,
    per_customer_limit: row.perCustomerLimit,
    first_purchase_only: row.firstPurchaseOnly,
    combines_with_pix: row.combinesWithPix,
    combines_with_sale: row.combinesWithSale,
    active: row.active,
    description: describeRule(rule),
    state: ruleState(rule, row.stats.uses, now),
    stats: {
      uses: row.stats.uses,
      paid_orders: row.stats.paidOrders,
      discount_cents: row.stats.discountCents,
      revenue_cents: row.stats.revenueCents,
    },
    created_at: row.createdAt.toISOString(),
  };
}

/** An automatic promotion as a shopper reads it (cards, product page, cart, banners). */
export function toPromotionJson(rule: CouponRule): PromotionJson {
  return {
    id: rule.id,
    name: rule.name ?? '',
    kind: rule.kind,
    percent: rule.kind === 'percent' ? rule.value / 100 : 0,
    description: describeRule(rule),
    ends_at: rule.endsAt?.toISOString() ?? null,
  };
}

/** The cart's coupon priced on both bases (card and boleto pay list prices, PIX its own). */
export function toCartCouponJson(
  rule: CouponRule,
  priced: { pix: PricingResult; list: PricingResult },
): CartCouponJson {
  return {
    code: rule.code ?? '',
    kind: rule.kind,
    discount: reais(priced.list.couponDiscountCents),
    discount_cents: priced.list.couponDiscountCents,
    pix_discount_cents: priced.pix.couponDiscountCents,
    free_shipping_methods: rule.kind === 'free_shipping' ? rule.shippingMethods : [],
    description: describeRule(rule),
  };
}

export function toCartPriceJson(priced: PricingResult): CartPriceJson {
  return {
    subtotal_cents: priced.subtotalCents,
    promotion_discount_cents: priced.promotionDiscountCents,
    coupon_discount_cents: priced.couponDiscountCents,
    total_cents: priced.totalCents,
  };
}
