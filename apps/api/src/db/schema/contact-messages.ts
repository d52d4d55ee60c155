import { CONTACT_MESSAGE_STATUSES } from '@lumina/shared/contact/contact-messages';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Messages from the home page contact form (spec 000 section 2). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** Kept to throttle a sender across every API process, since the limit lives in the table. */
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The panel's inbox: 'new' until an administrator opens it, then 'read' or 'answered'. */
    status: text('status', { enum: CONTACT_MESSAGE_STATUSES }).notNull().default('new'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
  },
  (t) => [
    index('contact_messages_ip_created_at_idx').on(t.ip, t.createdAt),
    index('contact_messages_status_created_at_idx').on(t.status, t.createdAt),
    check('contact_messages_status_check', sql`${t.status} IN ('new', 'read', 'answered')`),
  ],
);
