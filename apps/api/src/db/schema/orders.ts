import { ORDER_STATUSES } from '@lumina/shared/orders/order-status';
import { PAYMENT_ROW_STATUSES, REFUND_STATUSES } from '@lumina/shared/orders/order-schemas';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { VariationDetails } from './carts.ts';
import { products, productVariants } from './products.ts';
import type { OptionValues } from '@lumina/shared/catalog/variants';
import { users } from './users.ts';
import type { CouponRule } from '@lumina/shared/promotions/coupon-rules';

/** The rules an order was priced by; dates as ISO text, as JSON keeps them. */
export interface OrderPricingRules {
  coupon: StoredRule | null;
  promotions: StoredRule[];
  /**
   * Variants bought with their own sale or PIX price below the list price: a coupon that does
   * not combine with sales skips them, and re-pricing the order to another method must know.
   */
  onSaleVariantIds?: number[];
}
export type StoredRule = Omit<CouponRule, 'startsAt' | 'endsAt'> & {
  startsAt: string | null;
  endsAt: string | null;
};

export {
  PAYMENT_ROW_STATUSES,
  type PaymentRowStatus,
  REFUND_STATUSES,
  type RefundStatus,
} from '@lumina/shared/orders/order-schemas';

export const PAYMENT_METHODS = ['pix', 'card', 'boleto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** The delivery address as typed at checkout; the single-line forms are derived from it. */
export interface OrderAddress {
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: string;
  zipCode: string;
}

/** Order numbers people read and say on the phone: LP001001, LP001002, ... */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 1001 });

/**
 * An order: who, where, what it costs (integer cents, computed by the server at creation) and
 * where it stands. `stock_returned_at` records the one time its reserved stock went back.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNumber: text('order_number')
      .notNull()
      .unique()
      .default(sql`'LP' || lpad(nextval('order_number_seq')::text, 6, '0')`),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    paymentStatus: text('payment_status', { enum: PAYMENT_ROW_STATUSES })
      .notNull()
      .default('pending'),
    /**
     * How the current payment attempt collects the order: its items are priced for it (the PIX
     * price for PIX, the list price for a card or a boleto), and a new attempt by another method
     * re-prices the order while it is unpaid.
     */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('pix'),
    customerName: text('customer_name').notNull(),
    /** Null once the customer's account was erased: contact data is not fiscal data. */
    customerEmail: text('customer_email'),
    customerPhone: text('customer_phone'),
    /**
     * The shopper asked at checkout for the order's updates by WhatsApp, to `whatsapp_phone`
     * (+55 and the mobile's 11 digits), while the shop had the WhatsApp Cloud API set up.
     */
    whatsappOptIn: boolean('whatsapp_opt_in').notNull().default(false),
    /** Null once the customer's account was erased, like the other contact data. */
    whatsappPhone: text('whatsapp_phone'),
    customerCpf: text('customer_cpf'),
    customerBirthDate: text('customer_birth_date'),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>().notNull(),
    notes: text('notes'),
    shippingMethod: text('shipping_method', { enum: ['pac', 'sedex'] }).notNull(),
    shippingName: text('shipping_name').notNull(),
    shippingDeliveryDays: integer('shipping_delivery_days').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    /** Taken off the items by automatic promotions and the coupon (sum of the items'). */
    discountCents: integer('discount_cents').notNull().default(0),
    /** The freight a free-shipping coupon or promotion waived (the order pays shippingCents). */
    shippingDiscountCents: integer('shipping_discount_cents').notNull().default(0),
    /** The coupon's code as the shopper used it; its use is a row of coupon_uses. */
    couponCode: text('coupon_code'),
    /**
     * The coupon and promotions the order was priced by, as they were: a new payment attempt by
     * another method re-prices the order by them, not by today's rules.
     */
    pricingRules: jsonb('pricing_rules').$type<OrderPricingRules>(),
    totalCents: integer('total_cents').notNull(),
    /** The client's Idempotency-Key: a retried submission finds the first order. */
    idempotencyKey: text('idempotency_key'),
    blingId: text('bling_id'),
    stockReturnedAt: timestamp('stock_returned_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The administrator who confirmed a built-in PIX payment seen in the shop's bank. */
    paymentConfirmedBy: integer('payment_confirmed_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Correios code (UPU S10) given when the parcel was posted, or the label carrier's code. */
    trackingCode: text('tracking_code'),
    /**
     * The carrier of a label bought from another company than the Correios (Jadlog, Loggi...);
     * null for the Correios, as every code typed by hand is.
     */
    trackingCarrier: text('tracking_carrier'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** A paid order that was cancelled: refunded by the provider, or waiting for the shop's PIX. */
    refundStatus: text('refund_status', { enum: REFUND_STATUSES }).notNull().default('none'),
    /** A payment approved after the order was cancelled: the shop refunds or restores it. */
    paidAfterCancel: boolean('paid_after_cancel').notNull().default(false),
    /**
     * The customer's account was erased: the order keeps only what an invoice needs (name, CPF,
     * delivery address, items, values) by legal obligation (LGPD art. 16, I) until this moment,
     * when the retention job removes that too.
     */
    retainedUntil: timestamp('retained_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_status_created_at_idx').on(t.status, t.createdAt),
    // The owner's home (admin/dashboard-figures.ts): revenue orders by the moment they were
    // paid, with what its figures read, so the period's rows come from the index alone; and each
    // buyer's paid orders, to tell a new buyer from a returning one. The condition is the same
    // words as the queries' PAID_ORDER, else PostgreSQL cannot use them.
    index('orders_paid_at_idx')
      .on(t.paidAt, t.totalCents, t.paymentMethod, t.userId, t.id)
      .where(sql`paid_at is not null and status in ('processing', 'shipped', 'delivered')`),
    index('orders_paid_user_idx')
      .on(t.userId, t.paidAt)
      .where(sql`paid_at is not null and status in ('processing', 'shipped', 'delivered')`),
    unique('orders_user_idempotency_key_unique').on(t.userId, t.idempotencyKey),
    check('orders_status_check', sql`${t.status} IN (${list(ORDER_STATUSES)})`),
    check(
      'orders_payment_status_check',
      sql`${t.paymentStatus} IN (${list(PAYMENT_ROW_STATUSES)})`,
    ),
    check('orders_refund_status_check', sql`${t.refundStatus} IN (${list(REFUND_STATUSES)})`),
    check('orders_payment_method_check', sql`${t.paymentMethod} IN (${list(PAYMENT_METHODS)})`),
    check(
      'orders_money_check',
      sql`${t.subtotalCents} >= 0 AND ${t.shippingCents} >= 0 AND ${t.discountCents} >= 0 AND ${t.discountCents} <= ${t.subtotalCents} AND ${t.shippingDiscountCents} >= 0 AND ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.shippingCents}`,
    ),
  ],
);

/** What was bought, as it was at the time: later product edits never change an order. */
export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The variant sold; its SKU and option values are copied beside it as they were. */
    variantId: integer('variant_id').references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    optionValues: jsonb('option_values').$type<OptionValues>().notNull().default({}),
    productName: text('product_name').notNull(),
    sku: text('sku').notNull(),
    category: text('category').notNull(),
    imageUrl: text('image_url'),
    /** The list price at the time (sale price included): what a card or a boleto pays. */
    listPriceCents: integer('list_price_cents').notNull(),
    /** The PIX price at the time, kept so that a switch back to PIX charges it again. */
    pixPriceCents: integer('pix_price_cents').notNull(),
    /** What is charged per unit by the order's payment method: the PIX or the list price. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** Off unit x quantity by an automatic promotion. */
    promotionDiscountCents: integer('promotion_discount_cents').notNull().default(0),
    /** Off unit x quantity by the order's coupon: what a refund of this item does not give back. */
    couponDiscountCents: integer('coupon_discount_cents').notNull().default(0),
    /** unit x quantity less both discounts: what this item costs the shopper. */
    totalCents: integer('total_cents').notNull(),
    variationDetails: jsonb('variation_details').$type<VariationDetails>().notNull().default({}),
  },
  (t) => [
    index('order_items_order_id_idx').on(t.orderId),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check(
      'order_items_total_check',
      sql`${t.promotionDiscountCents} >= 0 AND ${t.couponDiscountCents} >= 0 AND ${t.totalCents} >= 0 AND ${t.totalCents} = ${t.unitPriceCents} * ${t.quantity} - ${t.promotionDiscountCents} - ${t.couponDiscountCents}`,
    ),
  ],
);

/** One attempt to collect an order's total; a new one replaces an expired or failed one. */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['pix_builtin', 'mercadopago', 'pix_bank'] }).notNull(),
    status: text('status', { enum: PAYMENT_ROW_STATUSES }).notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    gatewayPaymentId: text('gateway_payment_id'),
    txid: text('txid'),
    qrCode: text('qr_code'),
    qrCodeBase64: text('qr_code_base64'),
    ticketUrl: text('ticket_url'),
    /** How the shopper pays: PIX (the spec's charge), a card or a boleto through MercadoPago. */
    method: text('method', { enum: PAYMENT_METHODS }).notNull().default('pix'),
    /** The provider's reason (MercadoPago's status_detail: accredited, cc_rejected_...). */
    statusDetail: text('status_detail'),
    /**
     * A card attempt's idempotency key (order + card token): a double submit of the same token
     * finds this row instead of making a second one.
     */
    attemptKey: text('attempt_key').unique(),
    installments: integer('installments'),
    cardBrand: text('card_brand'),
    cardLastFour: text('card_last_four'),
    boletoDigitableLine: text('boleto_digitable_line'),
    boletoUrl: text('boleto_url'),
    boletoDueAt: timestamp('boleto_due_at', { withTimezone: true }),
    /** What the provider kept and what reaches the shop, once it said (approved payments). */
    /** The PIX that paid the charge (the bank's API Pix): the one a devolução gives back. */
    endToEndId: text('end_to_end_id'),
    feeCents: integer('fee_cents'),
    netCents: integer('net_cents'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_id_idx').on(t.orderId),
    unique('payments_provider_gateway_id_unique').on(t.provider, t.gatewayPaymentId),
    check('payments_status_check', sql`${t.status} IN (${list(PAYMENT_ROW_STATUSES)})`),
    check('payments_method_check', sql`${t.method} IN (${list(PAYMENT_METHODS)})`),
  ],
);

/**
 * Every status change a payment went through and where it came from; `event_key` de-duplicates
 * provider notifications, so a replayed webhook is recorded once.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    eventKey: text('event_key').unique(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_payment_id_idx').on(t.paymentId)],
);

export const ORDER_EVENT_ACTORS = ['admin', 'customer', 'provider', 'system'] as const;
export type OrderEventActor = (typeof ORDER_EVENT_ACTORS)[number];

/**
 * Every step of an order's life after it was placed (paid, shipped, cancelled...), who took it
 * and from where: the administrators' actions on an order are read from here.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor', { enum: ORDER_EVENT_ACTORS }).notNull(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_id_idx').on(t.orderId),
    check('order_events_actor_check', sql`${t.actor} IN (${list(ORDER_EVENT_ACTORS)})`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
