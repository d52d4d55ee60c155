import { randomBytes } from 'node:crypto';
import {
  STAFF_INVITATION_VALIDITY_MS,
  STAFF_MESSAGES,
  type StaffInvitation,
  type StaffList,
  type StaffMember,
} from '@lumina/shared/admin/staff';
import { STAFF_ROLE_LABELS, type StaffRole } from '@lumina/shared/admin/staff-roles';
import { shopName } from '@lumina/shared/settings/settings-rules';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import { normalizeName } from '@lumina/shared/validation/name';
import { parseIntegerId } from '@lumina/shared/validation/integer-id';
import { PASSWORD_MESSAGES } from '@lumina/shared/validation/password';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../http/app-error.ts';
import { ipSource } from '../../lib/ip-source.ts';
import type { AdminActor } from '../admin/orders/service.ts';
import { isCommonPassword } from '../auth/common-passwords.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashToken, type RequestMeta, revokeAllSessions } from '../auth/token-service.ts';
import { mailShop } from '../mail/mail-signature.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { createSecurityLog } from '../security/security-log.ts';
import type { Throttle } from '../security/throttle.ts';
import { createUserRepository, EMAIL_UNIQUE_INDEX, normalizeEmail } from '../users/repository.ts';
import { invitationLink, staffInvitationMail } from './invitation-mail.ts';
import {
  createStaffRepository,
  type PendingInvitationRow,
  type StaffMemberRow,
} from './repository.ts';

/** 32 random bytes in base64url: the only shape a link we sent can have. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The public invitation pages (read and accept) per source: a person opens the page and sends
 * the form a few times; a script guessing tokens is stopped long before it could find one.
 */
export const INVITATION_LIMITS = { perSource: { max: 30, windowMs: 60 * 60 * 1000 } } as const;

export interface StaffDeps {
  db: Db;
  outbox: Pick<MailOutbox, 'enqueue' | 'kick'>;
  throttle: Throttle;
  appUrl: string;
  storeSettings: () => StoreSettings;
  now: () => Date;
}

const fail = {
  notFound: () => new AppError('not_found', STAFF_MESSAGES.notFound, { code: 'staff_not_found' }),
  invitationNotFound: () =>
    new AppError('not_found', STAFF_MESSAGES.invitationNotFound, {
      code: 'invitation_not_found',
    }),
  lastOwner: () => new AppError('invalid_data', STAFF_MESSAGES.lastOwner, { code: 'last_owner' }),
  link: (code: 'invalid' | 'expired' | 'used' | 'revoked') =>
    code === 'invalid'
      ? new AppError('not_found', STAFF_MESSAGES.invalidLink, { code: 'invitation_invalid' })
      : new AppError('invalid_data', STAFF_MESSAGES[`${code}Link`], {
          code: `invitation_${code}`,
        }),
  emailTaken: () =>
    new AppError('invalid_data', STAFF_MESSAGES.emailTaken, { code: 'invitation_email_taken' }),
};

function memberJson(row: StaffMemberRow): StaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    // users_staff_role_admin_check: every admin row has a staff role.
    role: row.staffRole ?? 'owner',
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  };
}

function invitationJson(row: PendingInvitationRow): StaffInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    invited_by:
      row.invitedById === null ? null : { id: row.invitedById, name: row.invitedByName ?? '' },
  };
}

/** The invitation's state as the public pages see it: usable, or why not. */
function usable<T extends { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }>(
  row: T | undefined,
  at: Date,
): T {
  if (!row) throw fail.link('invalid');
  if (row.acceptedAt) throw fail.link('used');
  if (row.revokedAt) throw fail.link('revoked');
  if (row.expiresAt <= at) throw fail.link('expired');
  return row;
}

export function createStaffService(deps: StaffDeps) {
  const { db, now } = deps;
  const staff = createStaffRepository(db);

  async function throttlePublic(meta: RequestMeta): Promise<void> {
    await deps.throttle.consume(
      [{ key: `staff-invitation:ip:${ipSource(meta.ip)}`, ...INVITATION_LIMITS.perSource }],
      STAFF_MESSAGES.throttled,
    );
  }

  /** The row of a link's token, after the shape check (a forged token never reaches SQL). */
  function tokenHashOf(token: string): string {
    if (!TOKEN_SHAPE.test(token)) throw fail.link('invalid');
    return hashToken(token);
  }

  function logOf(tx: Db, at: Date) {
    return createSecurityLog(tx, () => at);
  }

  /**
   * The locked owners and the locked staff member `id`; refuses (422) when the change would
   * leave the shop without an owner.
   */
  async function lockForChange(tx: Db, rawId: string, staysOwner: boolean) {
    const id = parseIntegerId(rawId);
    if (id === null) throw fail.notFound();
    const repo = createStaffRepository(tx);
    const owners = await repo.lockOwners();
    const member = await repo.lockStaffMember(id);
    if (!member) throw fail.notFound();
    if (member.staffRole === 'owner' && !staysOwner && owners.length <= 1) throw fail.lastOwner();
    return member;
  }

  return {
    async list(): Promise<StaffList> {
      const [members, invitations] = await Promise.all([
        staff.listStaff(),
        staff.listPending(now()),
      ]);
      return { staff: members.map(memberJson), invitations: invitations.map(invitationJson) };
    },

    /**
     * Invites `email` with `role`: a new link replaces the address's earlier one. An address that
     * is already staff, or a customer's, is refused (STAFF_MESSAGES.customerAccount says why).
     */
    async invite(
      input: { email: string; role: StaffRole },
      actor: AdminActor,
    ): Promise<StaffInvitation> {
      const email = normalizeEmail(input.email);
      const existing = await createUserRepository(db).findByEmail(email);
      if (existing) {
        const staffAlready = existing.role === 'admin';
        throw new AppError(
          'invalid_data',
          staffAlready ? STAFF_MESSAGES.alreadyStaff : STAFF_MESSAGES.customerAccount,
          {
            code: staffAlready ? 'already_staff' : 'customer_account',
            fields: {
              email: [staffAlready ? STAFF_MESSAGES.alreadyStaff : STAFF_MESSAGES.customerAccount],
            },
          },
        );
      }
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashToken(token);
      const at = now();
      const row = await db.transaction(async (tx) => {
        // Two invitations to one address at once: the second waits, then replaces the first.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-invite:${email}`}))`);
        const created = await createStaffRepository(tx).replaceInvitation({
          email,
          role: input.role,
          tokenHash,
          invitedBy: actor.id,
          expiresAt: new Date(at.getTime() + STAFF_INVITATION_VALIDITY_MS),
          at,
        });
        await deps.outbox.enqueue(tx, {
          key: `staff-invitation:${tokenHash}`,
          kind: 'staff_invitation',
          message: staffInvitationMail(
            email,
            input.role,
            invitationLink(deps.appUrl, token),
            mailShop(deps.storeSettings()),
          ),
          // The link is a credential: once sent, the row keeps neither it nor the address.
          eraseAfterSend: true,
        });
        await logOf(tx, at).record({
          type: 'staff_invited',
          severity: 'warning',
          userId: actor.id,
          ip: actor.ip,
          userAgent: actor.userAgent,
          message: `Convite para a equipe enviado a ${email} (${STAFF_ROLE_LABELS[input.role]})`,
          metadata: { invitation_id: created.id, email, role: input.role },
        });
        return created;
      });
      deps.outbox.kick();
      return invitationJson({
        ...row,
        invitedById: actor.id,
        invitedByName: (await createUserRepository(db).findById(actor.id))?.name ?? null,
      });
    },

    /**
     * A new role for a staff member. Every session of theirs ends (a token pair issued under the
     * old role must not outlive it); the admin paths read the role on each request anyway.
     */
    async changeRole(rawId: string, role: StaffRole, actor: AdminActor): Promise<StaffMember> {
      const at = now();
      const member = await db.transaction(async (tx) => {
        const member = await lockForChange(tx, rawId, role === 'owner');
        if (member.staffRole === role) return member;
        await createUserRepository(tx).setStaffRole(member.id, role, at);
        await revokeAllSessions(tx, member.id, at);
        const from = member.staffRole;
        await logOf(tx, at).record({
          type: 'staff_role_changed',
          severity: 'warning',
          userId: actor.id,
          ip: actor.ip,
          userAgent: actor.userAgent,
          message: `Perfil de ${member.email} alterado de ${from ? STAFF_ROLE_LABELS[from] : '-'} para ${STAFF_ROLE_LABELS[role]}`,
          metadata: { target_user_id: member.id, from, to: role },
        });
        return { ...member, staffRole: role };
      });
      return memberJson({ ...member, lastSignInAt: null });
    },

    /** The person stays a customer of the shop; every session of theirs ends at once. */
    async remove(rawId: string, actor: AdminActor): Promise<void> {
      const at = now();
      await db.transaction(async (tx) => {
        const member = await lockForChange(tx, rawId, false);
        // The person keeps the account, as a customer.
        await createUserRepository(tx).setStaffRole(member.id, null, at);
        await revokeAllSessions(tx, member.id, at);
        await logOf(tx, at).record({
          type: 'staff_removed',
          severity: 'warning',
          userId: actor.id,
          ip: actor.ip,
          userAgent: actor.userAgent,
          message: `Acesso ao painel removido de ${member.email}`,
          metadata: { target_user_id: member.id, from: member.staffRole },
        });
      });
    },

    async revokeInvitation(rawId: string, actor: AdminActor): Promise<void> {
      const id = parseIntegerId(rawId);
      if (id === null) throw fail.invitationNotFound();
      const at = now();
      await db.transaction(async (tx) => {
        const email = await createStaffRepository(tx).revoke(id, at);
        if (email === undefined) throw fail.invitationNotFound();
        await logOf(tx, at).record({
          type: 'staff_invitation_revoked',
          severity: 'info',
          userId: actor.id,
          ip: actor.ip,
          userAgent: actor.userAgent,
          message: `Convite para a equipe de ${email} cancelado`,
          metadata: { invitation_id: id, email },
        });
      });
    },

    /** What the invitation page shows; the pt-BR refusal when the link cannot be used. */
    async preview(token: string, meta: RequestMeta) {
      await throttlePublic(meta);
      const row = usable(await staff.findByTokenHash(tokenHashOf(token)), now());
      return {
        invitation: {
          email: row.email,
          role: row.role,
          shop_name: shopName(deps.storeSettings()) || 'Loja',
          expires_at: row.expiresAt.toISOString(),
        },
      };
    },

    /**
     * Creates the staff account of the invitation. The link reached the invited mailbox, so the
     * address counts as verified. The account exists exactly when the invitation is used.
     */
    async accept(
      token: string,
      input: { name: string; password: string },
      meta: RequestMeta,
    ): Promise<{ success: true; message: string; email: string }> {
      await throttlePublic(meta);
      const tokenHash = tokenHashOf(token);
      // Cheap refusals first: a used or expired link costs no password hashing.
      usable(await staff.findByTokenHash(tokenHash), now());
      if (await isCommonPassword(input.password)) {
        throw new AppError('invalid_data', PASSWORD_MESSAGES.common, {
          code: 'validation_failed',
          fields: { password: [PASSWORD_MESSAGES.common] },
        });
      }
      const passwordHash = await hashPassword(input.password);
      const at = now();
      const result = await db
        .transaction(async (tx) => {
          const repo = createStaffRepository(tx);
          const row = usable(await repo.lockByTokenHash(tokenHash), at);
          const users = createUserRepository(tx);
          if (await users.findByEmail(row.email)) throw fail.emailTaken();
          const user = await users.create({
            email: row.email,
            name: normalizeName(input.name),
            passwordHash,
            role: 'admin',
            staffRole: row.role,
            emailVerifiedAt: at,
            createdAt: at,
            updatedAt: at,
          });
          await repo.markAccepted(row.id, at);
          await logOf(tx, at).record({
            type: 'staff_invitation_accepted',
            severity: 'warning',
            userId: user.id,
            ip: meta.ip,
            userAgent: meta.userAgent,
            message: `Convite aceito: ${row.email} entrou na equipe (${STAFF_ROLE_LABELS[row.role]})`,
            metadata: { invitation_id: row.id, role: row.role, invited_by: row.invitedBy },
          });
          return { email: user.email };
        })
        .catch((error: unknown) => {
          // Someone registered the address between the check and the insert.
          if (isUniqueViolation(error, EMAIL_UNIQUE_INDEX)) throw fail.emailTaken();
          throw error;
        });
      return { success: true as const, message: STAFF_MESSAGES.accepted, email: result.email };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
