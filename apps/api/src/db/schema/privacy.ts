import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A data subject's request under the LGPD (access, export, deletion), kept for the shop's
 * accountability: who asked, when, the 15-business-day deadline, and how it was answered. The
 * user id goes (set null) when the account itself is erased; the request row stays.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['access', 'export', 'deletion'] }).notNull(),
    status: text('status', { enum: ['requested', 'completed'] })
      .notNull()
      .default('requested'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    response: text('response'),
    /** The answer to an access or export request, downloadable by its owner until it expires. */
    exportData: jsonb('export_data').$type<Record<string, unknown>>(),
    exportExpiresAt: timestamp('export_expires_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [
    index('privacy_requests_user_idx').on(t.userId, t.requestedAt),
    index('privacy_requests_open_idx').on(t.status, t.deadlineAt),
    // One open request of a kind per person: asking twice (two clicks, two tabs) is one request.
    uniqueIndex('privacy_requests_one_open_idx')
      .on(t.userId, t.type)
      .where(sql`${t.status} = 'requested'`),
    check('privacy_requests_type_check', sql`${t.type} IN ('access', 'export', 'deletion')`),
    check('privacy_requests_status_check', sql`${t.status} IN ('requested', 'completed')`),
  ],
);

export type PrivacyRequestRow = typeof privacyRequests.$inferSelect;
