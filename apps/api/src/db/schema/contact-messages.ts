import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  },
  (t) => [index('contact_messages_ip_created_at_idx').on(t.ip, t.createdAt)],
);
