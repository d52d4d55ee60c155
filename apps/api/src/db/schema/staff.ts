import { STAFF_ROLES } from '@lumina/shared/admin/staff-roles';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Invitations to the shop's staff: a random token mailed as `/convite/{token}` and stored as
 * sha256 only, valid 7 days, single use. Accepting it creates the staff account with `role`;
 * revoking it (the owner's removal, or a newer invitation to the same address) ends it.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Lower case, as users.email is compared. */
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One pending invitation per address: a second invite replaces the first (same transaction).
    uniqueIndex('staff_invitations_pending_email_idx')
      .on(t.email)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL`),
    index('staff_invitations_invited_by_idx').on(t.invitedBy),
    check(
      'staff_invitations_role_check',
      sql`${t.role} IN ('owner', 'manager', 'operator', 'catalogue')`,
    ),
  ],
);

export type StaffInvitationRow = typeof staffInvitations.$inferSelect;
