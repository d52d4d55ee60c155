import { ORDER_STATUSES } from '@lumina/shared/orders/order-status';
import { sql } from 'drizzle-orm';
import {
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
import { products } from './products.ts';
import { users } from './users.ts';

/** Payment statuses a payment row can hold (spec 001 §4; 'completed' is an order word). */
export const PAYMENT_ROW_STATUSES = [
  'pending',
  'processing',
  'approved',
  'rejected',
  'cancelled',
  'refunded',
] as const;
export type PaymentRowStatus = (typeof PAYMENT_ROW_STATUSES)[number];

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
    paymentMethod: text('payment_method').notNull().default('pix'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerCpf: text('customer_cpf'),
    customerBirthDate: text('customer_birth_date'),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>().notNull(),
    notes: text('notes'),
    shippingMethod: text('shipping_method', { enum: ['pac', 'sedex'] }).notNull(),
    shippingName: text('shipping_name').notNull(),
    shippingDeliveryDays: integer('shipping_delivery_days').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The client's Idempotency-Key: a retried submission finds the first order. */
    idempotencyKey: text('idempotency_key'),
    blingId: text('bling_id'),
    stockReturnedAt: timestamp('stock_returned_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_id_created_at_idx').on(t.userId, t.createdAt),
    unique('orders_user_idempotency_key_unique').on(t.userId, t.idempotencyKey),
    check('orders_status_check', sql`${t.status} IN (${list(ORDER_STATUSES)})`),
    check(
      'orders_payment_status_check',
      sql`${t.paymentStatus} IN (${list(PAYMENT_ROW_STATUSES)})`,
    ),
    check(
      'orders_money_check',
      sql`${t.subtotalCents} >= 0 AND ${t.shippingCents} >= 0 AND ${t.totalCents} = ${t.subtotalCents} + ${t.shippingCents}`,
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
    productName: text('product_name').notNull(),
    sku: text('sku').notNull(),
    category: text('category').notNull(),
    imageUrl: text('image_url'),
    /** The list price at the time, for showing the PIX saving. */
    listPriceCents: integer('list_price_cents').notNull(),
    /** What is charged per unit: the PIX price. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    totalCents: integer('total_cents').notNull(),
    variationDetails: jsonb('variation_details').$type<VariationDetails>().notNull().default({}),
  },
  (t) => [
    index('order_items_order_id_idx').on(t.orderId),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_total_check', sql`${t.totalCents} = ${t.unitPriceCents} * ${t.quantity}`),
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
    provider: text('provider', { enum: ['pix_builtin', 'mercadopago'] }).notNull(),
    status: text('status', { enum: PAYMENT_ROW_STATUSES }).notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    gatewayPaymentId: text('gateway_payment_id'),
    txid: text('txid'),
    qrCode: text('qr_code'),
    qrCodeBase64: text('qr_code_base64'),
    ticketUrl: text('ticket_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_id_idx').on(t.orderId),
    unique('payments_provider_gateway_id_unique').on(t.provider, t.gatewayPaymentId),
    check('payments_status_check', sql`${t.status} IN (${list(PAYMENT_ROW_STATUSES)})`),
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

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
