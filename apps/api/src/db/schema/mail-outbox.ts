import { MAIL_STATUSES } from '@lumina/shared/admin/admin-orders';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MailAttachment } from '../../integrations/mail/mailer.ts';
import { orders } from './orders.ts';

/**
 * The transactional outbox of e-mails: a state change writes the e-mail it promises in its own
 * transaction, and the outbox job sends it afterwards, with retries. `dedupe_key` makes the
 * same promise ('order:12:payment_approved') impossible to queue twice.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    kind: text('kind').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    /**
     * Who a reply reaches when not the shop's contact address: the sender of a contact message.
     * The e-mail is about that person, so LGPD erasure removes it by this address whatever its
     * state.
     */
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    /** Headers of the message's own (a marketing e-mail's List-Unsubscribe, RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /**
     * The message carries personal data the shop must not keep (a data export, the answer to
     * an erased account): once sent, its address, bodies and attachments are cleared.
     */
    eraseAfterSend: boolean('erase_after_send').notNull().default(false),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender holds the row until then; after a crash another one may take it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The Message-ID's local part: random, so it stays the same across retries of this e-mail
     * and never repeats after a database reset or a move to another server, as row ids do.
     */
    messageUuid: uuid('message_uuid').notNull().defaultRandom(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_order_id_idx').on(t.orderId),
    check('mail_outbox_status_check', sql`${t.status} IN ('pending', 'sent', 'failed')`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
