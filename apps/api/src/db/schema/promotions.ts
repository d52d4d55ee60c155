import { COUPON_KINDS } from '@lumina/shared/promotions/coupon-rules';
import type { ShippingMethod } from '@lumina/shared/constants/storefront-constants';
import type { StateCode } from '@lumina/shared/addresses/brazil-states';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { users } from './users.ts';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A coupon (with a code, upper case) or an automatic promotion (without one): the rules the
 * discount engine reads (shared/promotions/coupon-rules.ts). `uses_count` is the uses held by
 * orders not cancelled or expired; the order's transaction raises it only below `usage_limit`,
 * so the last use goes to exactly one order.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code'),
    name: text('name'),
    kind: text('kind', { enum: COUPON_KINDS }).notNull(),
    /** Percent in hundredths of a percent, fixed in cents, 0 for free shipping. */
    value: integer('value').notNull(),
    maxDiscountCents: integer('max_discount_cents'),
    minOrderCents: integer('min_order_cents'),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    shippingMethods: text('shipping_methods')
      .array()
      .$type<ShippingMethod[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    states: text('states')
      .array()
      .$type<StateCode[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    firstPurchaseOnly: boolean('first_purchase_only').notNull().default(false),
    combinesWithPix: boolean('combines_with_pix').notNull().default(true),
    combinesWithSale: boolean('combines_with_sale').notNull().default(true),
    active: boolean('active').notNull().default(true),
    usesCount: integer('uses_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(t.code),
    check('coupons_kind_check', sql`${t.kind} IN (${list(COUPON_KINDS)})`),
    check(
      'coupons_value_check',
      sql`${t.value} >= 0 AND (${t.kind} <> 'percent' OR ${t.value} BETWEEN 1 AND 10000)`,
    ),
    check('coupons_code_check', sql`${t.code} IS NULL OR ${t.code} = upper(${t.code})`),
    check(
      'coupons_uses_check',
      sql`${t.usesCount} >= 0 AND (${t.usageLimit} IS NULL OR ${t.usesCount} <= ${t.usageLimit})`,
    ),
    check(
      'coupons_dates_check',
      sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

/**
 * One order's use of a coupon, with what it took off. Released (not deleted) when the order is
 * cancelled or expires, so the panel's figures keep the history.
 */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerCpf: text('customer_cpf'),
    discountCents: integer('discount_cents').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_uses_coupon_id_idx').on(t.couponId),
    check('coupon_uses_discount_check', sql`${t.discountCents} >= 0`),
  ],
);

/**
 * Held uses per customer of a coupon with a per-customer limit, one row per account ('u:<id>')
 * and one per CPF ('cpf:<digits>'): an upsert that raises it only below the limit is exact under
 * concurrent orders, and a new account does not reset the CPF's count.
 */
export const couponCustomerUses = pgTable(
  'coupon_customer_uses',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    customerKey: text('customer_key').notNull(),
    uses: integer('uses').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.couponId, t.customerKey] }),
    check('coupon_customer_uses_check', sql`${t.uses} >= 0`),
  ],
);
