import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { carts } from './carts.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/** A cart left behind by a signed-in shopper, or an order whose PIX expired unpaid. */
export const REMINDER_KINDS = ['cart', 'pix_expired'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** Why a sequence ended before (or instead of) its second e-mail. */
export const REMINDER_STOP_REASONS = [
  'purchase', // a new order (a cart) or a later order (an expired PIX): the shopper came back
  'no_consent', // the marketing consent was withdrawn
  'cart_changed', // the cart was touched after the sequence began
  'nothing_available', // every item sold out or left the shop
  'restored', // the shopper followed the restore link
] as const;
export type ReminderStopReason = (typeof REMINDER_STOP_REASONS)[number];

/** One line a restore link puts back into a cart. */
export interface RestoreLine {
  product_id: number;
  variant_id: number;
  quantity: number;
}

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * One reminder sequence: at most two e-mails about one cart as it was last changed
 * (`cart_changed_at`) or about one expired order. The unique keys make a sequence impossible to
 * start twice, whatever the number of processes scanning; `next_due_at` is when its next e-mail
 * is due (null once it has sent its last) and `stopped_at` ends it early.
 */
export const reminders = pgTable(
  'reminders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cartId: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    /** The cart's updated_at the sequence is about: a change after it ends the sequence. */
    cartChangedAt: timestamp('cart_changed_at', { withTimezone: true }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    sentCount: integer('sent_count').notNull().default(0),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stopReason: text('stop_reason', { enum: REMINDER_STOP_REASONS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('reminders_cart_episode_unique').on(t.cartId, t.cartChangedAt),
    unique('reminders_order_unique').on(t.orderId),
    index('reminders_due_idx')
      .on(t.nextDueAt)
      .where(sql`${t.stoppedAt} IS NULL AND ${t.nextDueAt} IS NOT NULL`),
    index('reminders_user_idx').on(t.userId, t.createdAt),
    check('reminders_kind_check', sql`${t.kind} IN (${list(REMINDER_KINDS)})`),
    check(
      'reminders_subject_check',
      sql`(${t.kind} = 'cart' AND ${t.cartChangedAt} IS NOT NULL AND ${t.orderId} IS NULL) OR (${t.kind} = 'pix_expired' AND ${t.orderId} IS NOT NULL)`,
    ),
    check('reminders_sent_count_check', sql`${t.sentCount} BETWEEN 0 AND 2`),
    check(
      'reminders_stop_reason_check',
      sql`${t.stopReason} IS NULL OR ${t.stopReason} IN (${list(REMINDER_STOP_REASONS)})`,
    ),
  ],
);

/**
 * Each reminder e-mail: its number in the sequence (1 or 2, once each: the claim that makes an
 * e-mail impossible to send twice), its restore link (single use, 7 days) and its unsubscribe
 * link, both kept as the SHA-256 of the token only. `restored_user_id` is who was signed in when
 * the link was followed, for the panel's recovered carts; `restored_session_id` the visitor's
 * session it filled when nobody was, so signing in there does not add the lines a second time.
 */
export const reminderMessages = pgTable(
  'reminder_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reminderId: integer('reminder_id')
      .notNull()
      .references(() => reminders.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    restoreTokenHash: text('restore_token_hash').notNull().unique(),
    restoreItems: jsonb('restore_items').$type<RestoreLine[]>().notNull(),
    restoreExpiresAt: timestamp('restore_expires_at', { withTimezone: true }).notNull(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    restoredUserId: integer('restored_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    restoredSessionId: uuid('restored_session_id'),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull().unique(),
    unsubscribeExpiresAt: timestamp('unsubscribe_expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('reminder_messages_number_unique').on(t.reminderId, t.number),
    index('reminder_messages_sent_at_idx').on(t.sentAt),
    index('reminder_messages_restored_at_idx')
      .on(t.restoredAt)
      .where(sql`${t.restoredAt} IS NOT NULL`),
    index('reminder_messages_restored_session_idx')
      .on(t.restoredSessionId)
      .where(sql`${t.restoredSessionId} IS NOT NULL`),
    check('reminder_messages_number_check', sql`${t.number} IN (1, 2)`),
  ],
);

export type ReminderRow = typeof reminders.$inferSelect;
export type ReminderMessageRow = typeof reminderMessages.$inferSelect;
