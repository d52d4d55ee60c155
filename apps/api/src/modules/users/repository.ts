import type { StaffRole } from '@lumina/shared/admin/staff-roles';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  type ConsentType,
  type NewUserRow,
  userConsents,
  type UserRole,
  type UserRow,
  users,
} from '../../db/schema/users.ts';

/** E-mails are stored and compared in lower case (the unique index is on lower(email) too). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** An account's role and, for staff, which kind (null for customers): one row, read together. */
export interface AccountRole {
  role: UserRole;
  staffRole: StaffRole | null;
}

export interface ConsentRecord {
  consent: ConsentType;
  accepted: boolean;
}

export interface ConsentMeta {
  policyVersion: string;
  ip: string | null;
  userAgent: string | null | undefined;
}

export const EMAIL_UNIQUE_INDEX = 'users_email_lower_idx';

/** Pass a transaction as `db` to make several writes one unit. */
export function createUserRepository(db: Db) {
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
        .limit(1);
      return row;
    },

    async findByGoogleSub(sub: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
      return row;
    },

    /** Throws a unique violation on EMAIL_UNIQUE_INDEX when the e-mail is taken (any case). */
    async create(values: NewUserRow): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({ ...values, email: normalizeEmail(values.email) })
        .returning();
      if (!row) throw new Error('insert into users returned no row');
      return row;
    },

    async update(
      id: number,
      values: Partial<Omit<NewUserRow, 'id' | 'createdAt'>>,
      at: Date,
    ): Promise<UserRow | undefined> {
      const next =
        values.email === undefined ? values : { ...values, email: normalizeEmail(values.email) };
      const [row] = await db
        .update(users)
        .set({ ...next, updatedAt: at })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    async setPasswordHash(id: number, passwordHash: string, at: Date): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, id));
    },

    /** Sets email_verified_at unless it is set already. */
    async markEmailVerified(id: number, at: Date): Promise<void> {
      await db
        .update(users)
        .set({ emailVerifiedAt: at, updatedAt: at })
        .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)));
    },

    /** The account's role and staff role now: one narrow read, on every administrator request. */
    async roleOf(id: number): Promise<AccountRole | undefined> {
      const [row] = await db
        .select({ role: users.role, staffRole: users.staffRole })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    /**
     * False when the account already had that role (or does not exist). Not on its own: a role
     * change goes through users/admin.ts (changeRole), which also ends the account's sessions.
     */
    async setRole(id: number, role: UserRole, at: Date): Promise<boolean> {
      // Whoever is made staff this way (admin:create --promote) is made an owner, the only kind
      // of administrator before staff roles; a customer carries none (users_staff_role_admin_check).
      const staffRole = role === 'admin' ? 'owner' : null;
      const rows = await db
        .update(users)
        .set({ role, staffRole, updatedAt: at })
        .where(and(eq(users.id, id), ne(users.role, role)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * A staff member's role in the panel, or null to make them a customer again (their account
     * stays). Not on its own: the staff module ends their sessions in the same transaction.
     */
    async setStaffRole(id: number, staffRole: StaffRole | null, at: Date): Promise<void> {
      await db
        .update(users)
        .set({ role: staffRole === null ? 'customer' : 'admin', staffRole, updatedAt: at })
        .where(eq(users.id, id));
    },

    /** The users row's current state of the register's four consents, after a change. */
    async setConsentFlags(
      userId: number,
      consents: readonly ConsentRecord[],
      at: Date,
    ): Promise<void> {
      const column = {
        privacy_policy: 'privacyPolicyAccepted',
        terms_of_service: 'termsOfServiceAccepted',
        marketing: 'marketingConsent',
        data_processing: 'dataProcessingConsent',
      } as const;
      const values: Partial<Record<(typeof column)[keyof typeof column], boolean>> = {};
      for (const c of consents) {
        if (c.consent in column) values[column[c.consent as keyof typeof column]] = c.accepted;
      }
      if (Object.keys(values).length === 0) return;
      await db
        .update(users)
        .set({ ...values, updatedAt: at })
        .where(eq(users.id, userId));
    },

    /** Appends to the consent history; the current state lives on the users row. */
    async recordConsents(
      userId: number,
      consents: readonly ConsentRecord[],
      meta: ConsentMeta,
      at: Date,
    ): Promise<void> {
      if (consents.length === 0) return;
      await db.insert(userConsents).values(
        consents.map((c) => ({
          userId,
          consent: c.consent,
          accepted: c.accepted,
          policyVersion: meta.policyVersion,
          ip: meta.ip,
          userAgent: meta.userAgent?.slice(0, 512) ?? null,
          createdAt: at,
        })),
      );
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;

/** The address an erased account keeps: unique, never deliverable (RFC 2606 `.invalid`). */
export function erasedEmail(userId: number): string {
  return `conta-excluida-${userId}@anonimizado.invalid`;
}

/**
 * LGPD erasure of the account itself: the row stays (the orders kept for the fiscal period point
 * at it) with nothing left that names or reaches the person: no password, no Google link, no
 * CPF, phone or birth date, a placeholder name and an address nobody can own. The consent
 * history goes with it. Its e-mail is free to register again as a new account.
 */
export async function anonymiseAccount(tx: Db, userId: number, at: Date): Promise<void> {
  await tx.delete(userConsents).where(eq(userConsents.userId, userId));
  await tx
    .update(users)
    .set({
      email: erasedEmail(userId),
      name: 'Conta excluída',
      passwordHash: null,
      cpf: null,
      phone: null,
      gender: null,
      birthDate: null,
      googleSub: null,
      emailVerifiedAt: null,
      pendingEmail: null,
      role: 'customer',
      privacyPolicyAccepted: false,
      termsOfServiceAccepted: false,
      marketingConsent: false,
      dataProcessingConsent: false,
      erasedAt: at,
      updatedAt: at,
    })
    .where(eq(users.id, userId));
}
