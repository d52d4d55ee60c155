import {
  RETURN_STATUSES,
  RETURN_TYPES,
  type InstructionKind,
} from '@lumina/shared/returns/return-schemas';
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
} from 'drizzle-orm/pg-core';
import { orderItems, orders } from './orders.ts';
import { productVariants } from './products.ts';
import { users } from './users.ts';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Protocol numbers the shopper quotes: DEV-2026-000123 (the year it was asked, then this). */
export const returnProtocolSequence = pgSequence('return_protocol_seq', { startWith: 1 });

export interface ReturnInstructions {
  kind: InstructionKind;
  code: string | null;
  address: string | null;
}

/**
 * A shopper's withdrawal (CDC art. 49) or exchange request for units of one order, owned by the
 * returns module. Each step keeps its moment and the administrator who took it.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    protocol: text('protocol').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type', { enum: RETURN_TYPES }).notNull(),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    /** The shopper's words; cleared when the account is erased. */
    reason: text('reason'),
    answerBy: timestamp('answer_by', { withTimezone: true }).notNull(),
    instructions: jsonb('instructions').$type<ReturnInstructions>(),
    instructionsSentAt: timestamp('instructions_sent_at', { withTimezone: true }),
    instructionsBy: integer('instructions_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: integer('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    refundedCents: integer('refunded_cents'),
    exchangedAt: timestamp('exchanged_at', { withTimezone: true }),
    exchangedBy: integer('exchanged_by').references(() => users.id, { onDelete: 'set null' }),
    exchangeTrackingCode: text('exchange_tracking_code'),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectedBy: integer('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('return_requests_order_id_idx').on(t.orderId),
    index('return_requests_user_id_idx').on(t.userId, t.createdAt),
    index('return_requests_status_idx').on(t.status, t.answerBy),
    check('return_requests_type_check', sql`${t.type} IN (${list(RETURN_TYPES)})`),
    check('return_requests_status_check', sql`${t.status} IN (${list(RETURN_STATUSES)})`),
  ],
);

/** Units of one order item in a request; `resellable` is the shop's verdict on receipt. */
export const returnItems = pgTable(
  'return_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    exchangeVariantId: integer('exchange_variant_id').references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    resellable: boolean('resellable'),
  },
  (t) => [
    index('return_items_return_id_idx').on(t.returnId),
    index('return_items_order_item_id_idx').on(t.orderItemId),
    check('return_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export type ReturnRequestRow = typeof returnRequests.$inferSelect;
export type ReturnItemRow = typeof returnItems.$inferSelect;
