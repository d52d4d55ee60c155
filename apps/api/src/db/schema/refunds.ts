import { REFUND_METHODS } from '@lumina/shared/returns/return-schemas';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders, payments } from './orders.ts';
import { returnRequests } from './returns.ts';
import { users } from './users.ts';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const REFUND_ROW_STATUSES = ['pending', 'completed', 'failed'] as const;

/**
 * Money given back on a paid order, owned by the payments module: through MercadoPago (its refund
 * id) or by the shop from its bank for the built-in PIX (the devolução's E2E id). A MercadoPago
 * refund is written 'pending' before the call, under the order's lock, so a second administrator
 * sees the money already on its way; it ends 'completed' or 'failed'. Pending and completed rows
 * count against what is still refundable.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** The withdrawal it pays back, when it came from one. */
    returnId: integer('return_id').references(() => returnRequests.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    method: text('method', { enum: REFUND_METHODS }).notNull(),
    status: text('status', { enum: REFUND_ROW_STATUSES }).notNull(),
    providerRefundId: text('provider_refund_id'),
    e2eId: text('e2e_id'),
    reason: text('reason'),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_order_id_idx').on(t.orderId),
    uniqueIndex('refunds_e2e_id_unique').on(t.e2eId),
    // One live refund per withdrawal: two administrators cannot both pay it back.
    uniqueIndex('refunds_return_live_unique')
      .on(t.returnId)
      .where(sql`${t.status} <> 'failed'`),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
    check('refunds_method_check', sql`${t.method} IN (${list(REFUND_METHODS)})`),
    check('refunds_status_check', sql`${t.status} IN (${list(REFUND_ROW_STATUSES)})`),
  ],
);

export type RefundRow = typeof refunds.$inferSelect;
