import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import { randomBytes } from 'node:crypto';
import {
  type ConfirmEmailAnswer,
  confirmEmailSchema,
  EMAIL_VERIFICATION_MESSAGES,
} from '@lumina/shared/users/email-verification';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../http/app-error.ts';
import { AUTH_MESSAGES } from '../auth/authenticate.ts';
import { hashToken, type RequestMeta, revokeAllSessions } from '../auth/token-service.ts';
import { retirePasswordResetsOf } from '../password-resets/repository.ts';
import { mailShop } from '../mail/mail-signature.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { SecurityLog } from '../security/security-log.ts';
import type { Throttle } from '../security/throttle.ts';
import { invalidField, parseInput } from '../users/parse-input.ts';
import { REGISTER_MESSAGES } from '../users/register-service.ts';
import { createUserRepository, EMAIL_UNIQUE_INDEX, normalizeEmail } from '../users/repository.ts';
import { createEmailVerificationRepository, type VerificationPurpose } from './repository.ts';
import {
  cancelChangeLink,
  changeEmailMail,
  changeNoticeMail,
  verificationLink,
  verifyEmailMail,
} from './verification-mail.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Long enough for a mailbox read the next day; single use, and only the newest link works. */
export const VERIFICATION_LINK_VALIDITY_MS = 48 * HOUR;

export const VERIFICATION_LIMITS = {
  /** Links one account may ask for (a resend, an e-mail change): a person asks once or twice. */
  linksPerUser: { max: 5, windowMs: HOUR },
  /** Confirmation attempts from one IP: a guesser of 256-bit tokens gets nowhere, but cheaply. */
  confirmPerIp: { max: 30, windowMs: 15 * MINUTE },
} as const;

type Person = Pick<UserRow, 'id' | 'email' | 'name'>;

/** 32 random bytes in base64url: the only shape a link we sent can have. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A password reset or change, in its transaction: a pending e-mail change is dropped and its
 * unused links (to the new address, and 'Cancelar troca' to the old one) stop working. Whoever
 * asked for it knew the old password, which the owner has just replaced: the link in their
 * mailbox must not hand them the account afterwards.
 */
export async function dropPendingEmailChange(tx: Db, userId: number, at: Date): Promise<void> {
  const users = createUserRepository(tx);
  const user = await users.findById(userId);
  if (!user?.pendingEmail) return;
  await createEmailVerificationRepository(tx).retireUnused(userId, at, ['change', 'cancel']);
  await users.update(userId, { pendingEmail: null }, at);
}

/** The account was erased after the access token was issued. */
function notAuthenticated(): AppError {
  return new AppError('unauthorized', AUTH_MESSAGES.notAuthenticated, {
    code: 'not_authenticated',
  });
}

function invalidLink(): AppError {
  return new AppError('invalid_data', EMAIL_VERIFICATION_MESSAGES.invalidLink, {
    code: 'verification_token_invalid',
  });
}

/**
 * E-mail ownership: whoever registers an address need not hold its mailbox. A link goes out at
 * registration and on an e-mail change, through
 * the outbox in the transaction that needs it; following it marks the address verified, or makes
 * the new address the account's. Until then the account can shop, but it cannot become an
 * administrator and Google sign-in does not silently inherit it (users/admin.ts,
 * google-sign-in/service.ts).
 */
export function createEmailVerificationService(deps: {
  db: Db;
  outbox: Pick<MailOutbox, 'enqueue' | 'kick'>;
  securityLog: SecurityLog;
  throttle: Throttle;
  appUrl: string;
  /** The store settings now: the e-mails' name and signature, the cancel page's title. */
  storeSettings: () => StoreSettings;
  now: () => Date;
}) {
  const { db, outbox, securityLog, throttle, appUrl, now } = deps;
  const shop = () => mailShop(deps.storeSettings());

  /** A new link for `email`, queued in `tx` (the others of the account stop working). */
  async function queueLink(
    tx: Db,
    user: Person,
    purpose: VerificationPurpose,
    email: string,
  ): Promise<void> {
    const token = newToken();
    const tokenHash = hashToken(token);
    const at = now();
    const expiresAt = new Date(at.getTime() + VERIFICATION_LINK_VALIDITY_MS);
    const links = createEmailVerificationRepository(tx);
    await links.replaceForUser({ userId: user.id, purpose, email, tokenHash }, expiresAt, at);
    if (purpose === 'change') await links.extendUnused(user.id, 'cancel', expiresAt);
    const link = verificationLink(appUrl, token);
    await outbox.enqueue(tx, {
      key: `email-verification:${tokenHash}`,
      kind: purpose === 'verify' ? 'email_verification' : 'email_change',
      message:
        purpose === 'verify'
          ? verifyEmailMail(email, user.name, link, shop())
          : changeEmailMail(email, user.name, link, shop()),
      // The link is a credential: once sent, the row keeps neither it nor the address.
      eraseAfterSend: true,
    });
  }

  async function countLink(userId: number): Promise<void> {
    await throttle.consume(
      [{ key: `email-verification:user:${userId}`, ...VERIFICATION_LIMITS.linksPerUser }],
      EMAIL_VERIFICATION_MESSAGES.throttled,
    );
  }

  return {
    /** Registration, inside its transaction; call `kick` after the commit. */
    queueVerification(tx: Db, user: Person): Promise<void> {
      return queueLink(tx, user, 'verify', user.email);
    },

    /** Counts a link the account asks for; 429 past the limit. Call before the transaction. */
    countLink,

    /**
     * An e-mail change the owner asked for (their password checked, `countLink` passed), inside
     * the caller's transaction: the new address is kept aside and gets a link; the current one
     * is told.
     */
    async queueChange(tx: Db, user: Person, newEmail: string): Promise<void> {
      const email = normalizeEmail(newEmail);
      const at = now();
      await createUserRepository(tx).update(user.id, { pendingEmail: email }, at);
      await queueLink(tx, user, 'change', email);
      const cancelToken = newToken();
      await createEmailVerificationRepository(tx).add(
        {
          userId: user.id,
          purpose: 'cancel',
          email: user.email,
          tokenHash: hashToken(cancelToken),
        },
        new Date(at.getTime() + VERIFICATION_LINK_VALIDITY_MS),
        at,
      );
      await outbox.enqueue(tx, {
        key: `email-change-notice:${user.id}:${at.getTime()}`,
        kind: 'email_change_notice',
        message: changeNoticeMail(
          user.email,
          user.name,
          email,
          appUrl,
          cancelChangeLink(appUrl, cancelToken),
          shop(),
        ),
        eraseAfterSend: true,
      });
    },

    /** Whether a 'Cancelar troca' link can still be followed (the page shows its button). */
    async isCancelLinkLive(token: string): Promise<boolean> {
      if (!TOKEN_SHAPE.test(token)) return false;
      return createEmailVerificationRepository(db).isLive(hashToken(token), now(), ['cancel']);
    },

    /**
     * 'Cancelar troca' from the notice to the old address, without signing in (whoever asked
     * for the change may hold the password and the sessions): the pending change is dropped and
     * its links stop working. 422 for anything but a live link.
     */
    async cancelChangeByLink(token: string, meta: RequestMeta): Promise<void> {
      if (!TOKEN_SHAPE.test(token)) throw invalidLink();
      const at = now();
      const userId = await db.transaction(async (tx) => {
        const link = await createEmailVerificationRepository(tx).consume(hashToken(token), at, [
          'cancel',
        ]);
        if (!link) return undefined;
        await dropPendingEmailChange(tx, link.userId, at);
        return link.userId;
      });
      if (userId === undefined) throw invalidLink();
      await securityLog.record({
        type: 'email_change_cancelled',
        severity: 'warning',
        userId,
        ip: meta.ip,
        userAgent: meta.userAgent,
        message: 'Troca de e-mail cancelada pelo link enviado ao endereço anterior',
      });
    },

    /** 'Cancelar troca': the pending new address is dropped and its link stops working. */
    async cancelChange(userId: number, meta: RequestMeta): Promise<UserRow> {
      const at = now();
      const user = await db.transaction(async (tx) => {
        const before = await createUserRepository(tx).findById(userId);
        if (!before?.pendingEmail) return before;
        await createEmailVerificationRepository(tx).retireUnused(userId, at);
        return createUserRepository(tx).update(userId, { pendingEmail: null }, at);
      });
      if (!user) {
        throw notAuthenticated();
      }
      await securityLog.record({
        type: 'email_change_cancelled',
        severity: 'info',
        userId,
        ip: meta.ip,
        userAgent: meta.userAgent,
        message: 'Troca de e-mail cancelada pelo usuário',
      });
      return user;
    },

    /** Sends what the transactions above queued, without holding up the answer. */
    kick: () => outbox.kick(),

    /** Where the shop is served, for the pages the links open. */
    appUrl,

    /** The shop's name now, for the titles of those pages. */
    shopName: () => shop().name,

    /** 'Reenviar link': for the pending new address, else for the account's own if unverified. */
    async resend(userId: number, meta: RequestMeta): Promise<{ success: true; message: string }> {
      const user = await createUserRepository(db).findById(userId);
      if (!user) {
        throw notAuthenticated();
      }
      const purpose: VerificationPurpose | undefined = user.pendingEmail
        ? 'change'
        : user.emailVerifiedAt
          ? undefined
          : 'verify';
      if (!purpose) {
        return { success: true, message: EMAIL_VERIFICATION_MESSAGES.alreadyVerified };
      }
      await countLink(user.id);
      await db.transaction((tx) =>
        queueLink(tx, user, purpose, purpose === 'change' ? (user.pendingEmail ?? '') : user.email),
      );
      outbox.kick();
      await securityLog.record({
        type: 'email_verification_requested',
        severity: 'info',
        userId: user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        message: 'Novo link de confirmação de e-mail pedido',
      });
      return { success: true, message: EMAIL_VERIFICATION_MESSAGES.resent };
    },

    /**
     * Follows a link: verifies the address, or completes the e-mail change. `caller` is the
     * session the request came with, if any: after a change it is the only one kept.
     */
    async confirm(
      body: unknown,
      meta: RequestMeta,
      caller?: { id: number; sessionId: string },
    ): Promise<ConfirmEmailAnswer> {
      await throttle.consume(
        [{ key: `email-verification:ip:${meta.ip}`, ...VERIFICATION_LIMITS.confirmPerIp }],
        EMAIL_VERIFICATION_MESSAGES.throttled,
      );
      const { token } = parseInput(confirmEmailSchema, body);
      const at = now();
      const outcome = await db
        .transaction(async (tx) => {
          const link = await createEmailVerificationRepository(tx).consume(hashToken(token), at, [
            'verify',
            'change',
          ]);
          if (!link) return undefined;
          const users = createUserRepository(tx);
          const user = await users.findById(link.userId);
          if (!user || user.erasedAt) return undefined;
          if (link.purpose === 'verify') {
            // A link to an address the account no longer has proves nothing about it.
            if (normalizeEmail(user.email) !== normalizeEmail(link.email)) return undefined;
            if (!user.emailVerifiedAt) await users.update(user.id, { emailVerifiedAt: at }, at);
            return { purpose: link.purpose, user, email: user.email };
          }
          if (!user.pendingEmail || normalizeEmail(user.pendingEmail) !== link.email) {
            return undefined;
          }
          const owner = await users.findByEmail(link.email);
          if (owner && owner.id !== user.id) {
            invalidField('email', REGISTER_MESSAGES.emailTaken, 'email_taken');
          }
          await users.update(
            user.id,
            { email: link.email, pendingEmail: null, emailVerifiedAt: at },
            at,
          );
          // The old address no longer speaks for the account: a reset link mailed there, a
          // 'Cancelar troca' or any other link stops working, and so does every session but the
          // one that confirmed (if it is the account's own).
          await retirePasswordResetsOf(tx, user.id, at);
          await createEmailVerificationRepository(tx).retireUnused(user.id, at);
          const keep = caller?.id === user.id ? caller.sessionId : undefined;
          await revokeAllSessions(tx, user.id, at, keep);
          return { purpose: link.purpose, user, email: link.email };
        })
        .catch((error: unknown) => {
          // Another account took the address between the two statements: the index decides.
          if (isUniqueViolation(error, EMAIL_UNIQUE_INDEX)) {
            invalidField('email', REGISTER_MESSAGES.emailTaken, 'email_taken');
          }
          throw error;
        });
      if (!outcome) throw invalidLink();

      const changed = outcome.purpose === 'change';
      await securityLog.record({
        type: changed ? 'email_changed' : 'email_verified',
        severity: changed ? 'warning' : 'info',
        userId: outcome.user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        message: changed
          ? 'E-mail da conta alterado pelo link enviado ao novo endereço'
          : 'E-mail da conta confirmado',
        metadata: changed ? { from: outcome.user.email, to: outcome.email } : undefined,
      });
      return {
        success: true,
        message: changed
          ? EMAIL_VERIFICATION_MESSAGES.changed
          : EMAIL_VERIFICATION_MESSAGES.confirmed,
        email: outcome.email,
      };
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
