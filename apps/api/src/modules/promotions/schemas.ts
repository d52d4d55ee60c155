import type {
  CartCouponJson,
  CartPriceJson,
  CouponJson,
  PromotionJson,
} from '@lumina/shared/promotions/coupon-schema';
import { COUPON_KINDS } from '@lumina/shared/promotions/coupon-rules';
import { z } from 'zod';

/**
 * Response shapes of coupons and promotions for the OpenAPI description (and the serializer,
 * which keeps only what they declare), checked against the shared types so they cannot drift.
 */
const cents = z.number().int();
const reais = z.number().describe('reais');

export const promotionJsonSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(COUPON_KINDS),
    percent: z.number().describe('percent for percent promotions, else 0'),
    description: z.string().describe('every condition, in pt-BR'),
    ends_at: z.string().nullable(),
  })
  .meta({ id: 'Promotion' }) satisfies z.ZodType<PromotionJson>;

export const cartCouponJsonSchema = z
  .object({
    code: z.string(),
    kind: z.enum(COUPON_KINDS),
    discount: reais.describe('off the items at list prices (card, boleto)'),
    discount_cents: cents,
    pix_discount_cents: cents.describe('off the items at PIX prices'),
    free_shipping_methods: z.array(z.string()),
    description: z.string(),
  })
  .meta({ id: 'CartCoupon' }) satisfies z.ZodType<CartCouponJson>;

export const cartPriceJsonSchema = z
  .object({
    subtotal_cents: cents,
    promotion_discount_cents: cents,
    coupon_discount_cents: cents,
    total_cents: cents,
  })
  .meta({ id: 'CartPrice' }) satisfies z.ZodType<CartPriceJson>;

/** What the cart answer adds for coupons and promotions. */
export const cartDiscountFields = {
  coupon: cartCouponJsonSchema.nullable().optional(),
  coupon_notice: z
    .string()
    .nullable()
    .optional()
    .describe('said once when the coupon stopped applying and was removed'),
  promotions: z.array(promotionJsonSchema).optional(),
  pricing: z.object({ pix: cartPriceJsonSchema, list: cartPriceJsonSchema }).optional(),
};

export const couponJsonSchema = z
  .object({
    id: z.number().int(),
    automatic: z.boolean(),
    code: z.string().nullable(),
    name: z.string().nullable(),
    kind: z.enum(COUPON_KINDS),
    value: z.number().describe('percent (10, 12.5) or reais'),
    value_cents: cents.nullable(),
    max_discount: reais.nullable(),
    max_discount_cents: cents.nullable(),
    min_order: reais.nullable(),
    min_order_cents: cents.nullable(),
    scope: z.object({ categories: z.array(z.string()), product_ids: z.array(z.number().int()) }),
    shipping_methods: z.array(z.string()),
    states: z.array(z.string()),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    starts_at_local: z.string().nullable().describe("São Paulo's clock, YYYY-MM-DDTHH:mm"),
    ends_at_local: z.string().nullable(),
    usage_limit: z.number().int().nullable(),
    per_customer_limit: z.number().int().nullable(),
    first_purchase_only: z.boolean(),
    combines_with_pix: z.boolean(),
    combines_with_sale: z.boolean(),
    active: z.boolean(),
    description: z.string(),
    state: z.string(),
    stats: z.object({
      uses: z.number().int(),
      paid_orders: z.number().int(),
      discount_cents: cents,
      revenue_cents: cents,
    }),
    created_at: z.string(),
  })
  .meta({ id: 'Coupon' }) satisfies z.ZodType<CouponJson>;
