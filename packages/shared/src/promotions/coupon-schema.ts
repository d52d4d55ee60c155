import { z } from 'zod';
import { isStateCode, type StateCode } from '../addresses/brazil-states.ts';
import { CATEGORY_SLUGS } from '../catalog/categories.ts';
import { SHIPPING_METHODS } from '../constants/storefront-constants.ts';
import { reaisToCents } from '../format/money.ts';
import { COUPON_CODE, normalizeCouponCode } from './coupon-code.ts';
import { COUPON_MESSAGES as M } from './coupon-messages.ts';
import { COUPON_KINDS, type CouponKind } from './coupon-rules.ts';

export { COUPON_CODE, normalizeCouponCode };

const MAX_MONEY_CENTS = 10_000_000;
const PRICE_TEXT = /^\d{1,6}([.,]\d{1,2})?$/;

/** Reais (number or '10,00') -> cents, 0 to R$ 100.000,00; null or '' -> null. */
const moneyOrNull = z
  .union([z.number(), z.string(), z.null()], { error: M.money })
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return null;
    const typed = typeof value === 'number' ? String(value) : value.trim();
    const cents = PRICE_TEXT.test(typed) ? reaisToCents(typed.replace(',', '.')) : undefined;
    if (cents === undefined || cents > MAX_MONEY_CENTS) {
      ctx.addIssue({ code: 'custom', message: M.money });
      return z.NEVER;
    }
    return cents;
  });

/**
 * A moment the owner picks on São Paulo's clock: 'YYYY-MM-DDTHH:mm' (a datetime-local input)
 * is read at -03:00 (Brazil has kept no summer time since 2019); an ISO instant with a zone
 * is taken as it is. null or '' -> null.
 */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export function saoPauloInstant(value: string): Date | undefined {
  const text = value.trim();
  let instant: Date;
  if (LOCAL_DATE_TIME.test(text))
    instant = new Date(`${text.length === 16 ? `${text}:00` : text}-03:00`);
  else if (ZONED_DATE_TIME.test(text)) instant = new Date(text);
  else return undefined;
  if (Number.isNaN(instant.getTime())) return undefined;
  // 2026-02-30T10:00 rolls over into March in Date: refuse a day that does not exist.
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  const check = new Date(Date.UTC(year!, month! - 1, day));
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day) return undefined;
  return instant;
}

const dateTimeOrNull = z
  .union([z.string(), z.null()], { error: M.dateTime })
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value.trim() === '') return null;
    const instant = saoPauloInstant(value);
    if (!instant) {
      ctx.addIssue({ code: 'custom', message: M.dateTime });
      return z.NEVER;
    }
    return instant;
  });

const limitOrNull = (max: number, message: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === '') return null;
      const number = typeof value === 'number' ? value : Number(value.trim());
      if (!Number.isInteger(number) || number < 1 || number > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return number;
    });

/**
 * The owner's coupon or automatic promotion (POST /api/admin/coupons, PUT .../{id}), the body of
 * DESIGN.md's API contract: `{coupon:{code, kind, value, max_discount?, ...}}`. `value` is a
 * percent (10 or '12,5') for percent coupons and reais for fixed ones; money fields are reais.
 * An automatic promotion has no code but a name, and no per-use limits.
 */
export const couponInputSchema = z
  .object({
    automatic: z.boolean({ error: M.kind }).optional().default(false),
    code: z.string({ error: M.code }).nullable().optional(),
    name: z.string({ error: M.name }).nullable().optional(),
    kind: z.enum(COUPON_KINDS, { error: M.kind }),
    value: z.union([z.number(), z.string()], { error: M.percent }).optional(),
    max_discount: moneyOrNull,
    min_order: moneyOrNull,
    scope: z
      .object({
        categories: z
          .array(z.enum(CATEGORY_SLUGS, { error: M.category }))
          .max(6)
          .default([]),
        product_ids: z
          .array(z.number({ error: M.productIds }).int(M.productIds).positive(M.productIds))
          .max(500, M.productIds)
          .default([]),
      })
      .optional()
      .default({ categories: [], product_ids: [] }),
    shipping_methods: z
      .array(z.enum(SHIPPING_METHODS, { error: M.shippingMethods }))
      .max(2)
      .optional()
      .default([]),
    states: z.array(z.string().refine(isStateCode, M.states)).max(27).optional().default([]),
    starts_at: dateTimeOrNull,
    ends_at: dateTimeOrNull,
    usage_limit: limitOrNull(1_000_000, M.usageLimit),
    per_customer_limit: limitOrNull(1_000, M.perCustomerLimit),
    first_purchase_only: z.boolean().optional().default(false),
    combines_with_pix: z.boolean().optional().default(true),
    combines_with_sale: z.boolean().optional().default(true),
    active: z.boolean().optional().default(true),
  })
  .transform((input, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const code = input.automatic ? null : normalizeCouponCode(input.code ?? '');
    if (code !== null && !COUPON_CODE.test(code)) issue('code', M.code);
    const name = (input.name ?? '').trim();
    if (input.automatic && (name.length < 3 || name.length > 80)) issue('name', M.name);
    if (!input.automatic && name.length > 80) issue('name', M.name);

    let value = 0;
    const raw =
      typeof input.value === 'string' ? input.value.trim().replace(',', '.') : input.value;
    if (input.kind === 'percent') {
      const percent = raw === undefined || raw === '' ? Number.NaN : Number(raw);
      const hundredths = Math.round(percent * 100);
      if (
        !Number.isFinite(percent) ||
        percent <= 0 ||
        percent > 100 ||
        Math.abs(percent * 100 - hundredths) > 1e-6
      ) {
        issue('value', M.percent);
      } else value = hundredths;
    } else if (input.kind === 'fixed') {
      const text = raw === undefined ? '' : String(raw);
      const cents = PRICE_TEXT.test(text) ? reaisToCents(text) : undefined;
      if (cents === undefined || cents <= 0 || cents > MAX_MONEY_CENTS) issue('value', M.fixed);
      else value = cents;
    }
    if (input.max_discount !== null && input.kind !== 'percent') {
      issue('max_discount', M.maxDiscountPercentOnly);
    }
    if (input.kind === 'fixed' && input.min_order !== null && value > input.min_order) {
      issue('value', M.fixedOverMinOrder);
    }
    if (input.starts_at && input.ends_at && input.ends_at <= input.starts_at) {
      issue('ends_at', M.endBeforeStart);
    }
    if (input.automatic) {
      if (input.kind === 'fixed') issue('kind', M.automaticKind);
      if (input.max_discount !== null) issue('max_discount', M.automaticOnly);
      if (input.usage_limit !== null) issue('usage_limit', M.automaticOnly);
      if (input.per_customer_limit !== null) issue('per_customer_limit', M.automaticOnly);
      if (input.first_purchase_only) issue('first_purchase_only', M.automaticOnly);
    }
    return {
      code,
      name: name === '' ? null : name,
      kind: input.kind,
      value,
      maxDiscountCents: input.max_discount,
      minOrderCents: input.min_order,
      categories: [...new Set(input.scope.categories)] as string[],
      productIds: [...new Set(input.scope.product_ids)],
      shippingMethods: input.kind === 'free_shipping' ? [...new Set(input.shipping_methods)] : [],
      states: input.kind === 'free_shipping' ? ([...new Set(input.states)] as StateCode[]) : [],
      startsAt: input.starts_at,
      endsAt: input.ends_at,
      usageLimit: input.automatic ? null : input.usage_limit,
      perCustomerLimit: input.automatic ? null : input.per_customer_limit,
      firstPurchaseOnly: input.automatic ? false : input.first_purchase_only,
      // An automatic promotion always stacks with the PIX price: it is the shop's price.
      combinesWithPix: input.automatic ? true : input.combines_with_pix,
      combinesWithSale: input.automatic ? true : input.combines_with_sale,
      active: input.active,
    };
  });

export type CouponInput = z.output<typeof couponInputSchema>;

export const couponBodySchema = z.object({ coupon: z.unknown() });

/** POST /api/checkout/apply_coupon. */
export const applyCouponBodySchema = z.object({
  code: z.string({ error: M.codeRequired }).trim().min(1, M.codeRequired).max(60, M.invalid),
});

/** A coupon or promotion as the admin API answers it; money in reais and in cents. */
export interface CouponJson {
  id: number;
  automatic: boolean;
  code: string | null;
  name: string | null;
  kind: CouponKind;
  /** Percent (10, 12.5) or reais. */
  value: number;
  value_cents: number | null;
  max_discount: number | null;
  max_discount_cents: number | null;
  min_order: number | null;
  min_order_cents: number | null;
  scope: { categories: string[]; product_ids: number[] };
  shipping_methods: string[];
  states: string[];
  /** ISO instants; `*_local` the same on São Paulo's clock, 'YYYY-MM-DDTHH:mm', for the form. */
  starts_at: string | null;
  ends_at: string | null;
  starts_at_local: string | null;
  ends_at_local: string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  first_purchase_only: boolean;
  combines_with_pix: boolean;
  combines_with_sale: boolean;
  active: boolean;
  /** The conditions in one pt-BR paragraph, as the shopper reads them. */
  description: string;
  /** Where it stands now: 'Ativo', 'Pausado', 'Agendado', 'Expirado', 'Esgotado'. */
  state: string;
  stats: {
    /** Uses held by orders not cancelled or expired. */
    uses: number;
    /** Paid orders with it. */
    paid_orders: number;
    discount_cents: number;
    revenue_cents: number;
  };
  created_at: string;
}

/** The coupon a cart holds, priced on it. */
export interface CartCouponJson {
  code: string;
  kind: CouponKind;
  /** Reais off the items at list prices (card, boleto). */
  discount: number;
  discount_cents: number;
  /** Cents off the items at PIX prices. */
  pix_discount_cents: number;
  /** The methods a free-shipping coupon covers (empty: all); [] for other kinds. */
  free_shipping_methods: string[];
  /** The conditions (Decreto 7.962/2013 art. 2 VI). */
  description: string;
}

/** An automatic promotion as a shopper sees it on a card, a product page or the cart. */
export interface PromotionJson {
  id: number;
  name: string;
  kind: CouponKind;
  /** Percent for percent promotions, else 0. */
  percent: number;
  description: string;
  ends_at: string | null;
}

/** What the cart's items cost by each basis, discounts included. */
export interface CartPriceJson {
  subtotal_cents: number;
  promotion_discount_cents: number;
  coupon_discount_cents: number;
  total_cents: number;
}
