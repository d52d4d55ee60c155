import type { StaffRole } from '@lumina/shared/admin/staff-roles';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { securityLogs } from '../../db/schema/security.ts';
import { staffInvitations, type StaffInvitationRow } from '../../db/schema/staff.ts';
import { users } from '../../db/schema/users.ts';

export interface StaffMemberRow {
  id: number;
  name: string;
  email: string;
  staffRole: StaffRole | null;
  createdAt: Date;
  lastSignInAt: Date | null;
}

export interface PendingInvitationRow {
  id: number;
  email: string;
  role: StaffRole;
  expiresAt: Date;
  createdAt: Date;
  invitedById: number | null;
  invitedByName: string | null;
}

function pending(at: Date) {
  return and(
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
    gt(staffInvitations.expiresAt, at),
  );
}

/** Pass a transaction as `db` to make several writes one unit. */
export function createStaffRepository(db: Db) {
  return {
    /** Everyone on the staff, owners first, with their last sign-in from the security log. */
    async listStaff(): Promise<StaffMemberRow[]> {
      const lastSignIn = sql<Date | null>`(
        select max(${securityLogs.createdAt}) from ${securityLogs}
        where ${securityLogs.userId} = ${users.id} and ${securityLogs.type} = 'login_success'
      )`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value)));
      return db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          staffRole: users.staffRole,
          createdAt: users.createdAt,
          lastSignInAt: lastSignIn,
        })
        .from(users)
        .where(eq(users.role, 'admin'))
        .orderBy(
          sql`array_position(array['owner','manager','operator','catalogue'], ${users.staffRole})`,
          asc(users.name),
        );
    },

    /** Invitations neither used, revoked nor expired, newest first. */
    async listPending(at: Date): Promise<PendingInvitationRow[]> {
      return db
        .select({
          id: staffInvitations.id,
          email: staffInvitations.email,
          role: staffInvitations.role,
          expiresAt: staffInvitations.expiresAt,
          createdAt: staffInvitations.createdAt,
          invitedById: staffInvitations.invitedBy,
          invitedByName: users.name,
        })
        .from(staffInvitations)
        .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
        .where(pending(at))
        .orderBy(desc(staffInvitations.createdAt));
    },

    /**
     * Stores a new invitation for `email`, revoking the earlier unused one first (only the latest
     * link works). Call inside a transaction.
     */
    async replaceInvitation(values: {
      email: string;
      role: StaffRole;
      tokenHash: string;
      invitedBy: number;
      expiresAt: Date;
      at: Date;
    }): Promise<StaffInvitationRow> {
      await db
        .update(staffInvitations)
        .set({ revokedAt: values.at })
        .where(
          and(
            eq(staffInvitations.email, values.email),
            isNull(staffInvitations.acceptedAt),
            isNull(staffInvitations.revokedAt),
          ),
        );
      const [row] = await db
        .insert(staffInvitations)
        .values({
          email: values.email,
          role: values.role,
          tokenHash: values.tokenHash,
          invitedBy: values.invitedBy,
          expiresAt: values.expiresAt,
          createdAt: values.at,
        })
        .returning();
      if (!row) throw new Error('insert into staff_invitations returned no row');
      return row;
    },

    async findByTokenHash(tokenHash: string): Promise<StaffInvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(staffInvitations)
        .where(eq(staffInvitations.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** The invitation row, locked until the transaction ends: of two acceptances one waits. */
    async lockByTokenHash(tokenHash: string): Promise<StaffInvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(staffInvitations)
        .where(eq(staffInvitations.tokenHash, tokenHash))
        .limit(1)
        .for('update');
      return row;
    },

    async markAccepted(id: number, at: Date): Promise<void> {
      await db.update(staffInvitations).set({ acceptedAt: at }).where(eq(staffInvitations.id, id));
    },

    /** Revokes a pending invitation; its e-mail, or undefined when none was pending. */
    async revoke(id: number, at: Date): Promise<string | undefined> {
      const [row] = await db
        .update(staffInvitations)
        .set({ revokedAt: at })
        .where(
          and(
            eq(staffInvitations.id, id),
            isNull(staffInvitations.acceptedAt),
            isNull(staffInvitations.revokedAt),
          ),
        )
        .returning({ email: staffInvitations.email });
      return row?.email;
    },

    /**
     * The ids of every owner, their rows locked until the transaction ends: two owners demoting
     * or removing each other at once are taken one after the other, so one owner always stays.
     */
    async lockOwners(): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.staffRole, 'owner')))
        .orderBy(asc(users.id))
        .for('update');
      return rows.map((row) => row.id);
    },

    /** The staff member's row, locked; undefined when the id is no staff member. */
    async lockStaffMember(id: number): Promise<StaffMemberRow | undefined> {
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          staffRole: users.staffRole,
          createdAt: users.createdAt,
          lastSignInAt: sql<Date | null>`null`,
        })
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, 'admin')))
        .for('update');
      return row;
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;

/** LGPD erasure: invitations sent to the person's addresses go. */
export async function forgetInvitationsTo(tx: Db, emails: readonly string[]): Promise<void> {
  const lower = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (lower.length === 0) return;
  await tx.delete(staffInvitations).where(inArray(staffInvitations.email, lower));
}
