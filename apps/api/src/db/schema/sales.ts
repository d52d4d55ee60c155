import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { orderItems, orders, PAYMENT_METHODS } from './orders.ts';

/*
 * The sales the owner's home reads, kept by the database itself: triggers on orders and
 * order_items (migration 0032) write these tables in the statement that pays, cancels, refunds
 * or re-prices an order, whichever module runs it, so no code path can leave them behind. An
 * order counts as a sale on the São Paulo day it was paid while it is paid and not cancelled or
 * refunded since: the same rule as PAID_ORDER (admin/dashboard-figures.ts), checked against a
 * recount from the orders in sales-rollups.test.ts. Nothing in the application writes them.
 */

/** Per São Paulo day and payment method: the sales' count and revenue. */
export const salesDays = pgTable(
  'sales_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    orders: integer('orders').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.paymentMethod] })],
);

/**
 * One line per item of a sale, with its day: a narrow copy of what the figures by category and
 * the best sellers read, so a period's items come from one index range instead of joining every
 * order of the period with every item.
 */
export const salesLines = pgTable(
  'sales_lines',
  {
    itemId: integer('item_id')
      .primaryKey()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    variantId: integer('variant_id'),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    revenueCents: integer('revenue_cents').notNull(),
  },
  (t) => [
    // Everything the period's figures read, so they come from the index alone.
    index('sales_lines_day_idx').on(
      t.day,
      t.category,
      t.variantId,
      t.quantity,
      t.revenueCents,
      t.itemId,
      t.sku,
    ),
    index('sales_lines_order_idx').on(t.orderId),
  ],
);
