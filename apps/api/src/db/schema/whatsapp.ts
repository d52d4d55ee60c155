import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * The WhatsApp Cloud API as the owner set it in the panel (row id 1): the sending number's id and
 * the access token, sealed with the shop's token key (AES-256-GCM, as the Bling tokens) so a copy
 * of the database alone does not hand it out. WHATSAPP_* on the server take precedence.
 */
export const whatsappConnection = pgTable(
  'whatsapp_connection',
  {
    id: integer('id').primaryKey().default(1),
    phoneNumberId: text('phone_number_id').notNull(),
    accessTokenEnc: text('access_token_enc').notNull(),
    /** The token's last four characters, the only part the panel ever shows. */
    tokenHint: text('token_hint').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('whatsapp_connection_single_row', sql`id = 1`)],
);

export const WHATSAPP_MESSAGE_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * The outbox of WhatsApp template messages: an order's change writes the message it promises in
 * its own transaction (so it exists exactly when the change does), and the sender delivers it
 * afterwards with retries. `dedupe_key` keeps one promise from being queued twice.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** 'order_received', 'payment_approved', 'order_shipped', 'order_delivered'. */
    kind: text('kind').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** +55 and the mobile's digits, without '+'; emptied once sent, and by LGPD erasure. */
    toPhone: text('to_phone').notNull(),
    /** The approved template's name in WhatsApp Manager. */
    template: text('template').notNull(),
    /** The template body's {{1}}, {{2}}... in order; emptied with the phone. */
    parameters: jsonb('parameters').$type<string[]>().notNull(),
    status: text('status', { enum: WHATSAPP_MESSAGE_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender holds the row until then; after a crash another one may take it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** WhatsApp's id of the message sent (wamid...). */
    providerMessageId: text('provider_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('whatsapp_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('whatsapp_messages_order_id_idx').on(t.orderId),
    check('whatsapp_messages_status_check', sql`${t.status} IN ('pending', 'sent', 'failed')`),
  ],
);

export type WhatsappMessageRow = typeof whatsappMessages.$inferSelect;
