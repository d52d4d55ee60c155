import { randomBytes } from 'node:crypto';
import { RESET_LINK_VALIDITY_MS } from '@lumina/shared/constants/account-constants';
import { RESET_PASSWORD_MESSAGES } from '@lumina/shared/users/reset-password-schema';
import { PASSWORD_MESSAGES } from '@lumina/shared/validation/password';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { isCommonPassword } from '../auth/common-passwords.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashToken, type RequestMeta, type TokenService } from '../auth/token-service.ts';
import type { SecurityLog } from '../security/security-log.ts';
import { ipSource } from '../../lib/ip-source.ts';
import type { Throttle, ThrottleKeyMatch } from '../security/throttle.ts';
import { dropPendingEmailChange } from '../email-verification/service.ts';
import { createUserRepository, normalizeEmail } from '../users/repository.ts';
import { createPasswordResetRepository } from './repository.ts';
import { passwordResetMail, resetLink } from './reset-mail.ts';
import { mailShop } from '../mail/mail-signature.ts';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';

export const PASSWORD_RESET_MESSAGES = {
  /** The same answer whether or not the account exists: the form tells nobody who is a customer. */
  requested: 'Se o email estiver cadastrado, você receberá um link para redefinir sua senha.',
  done: 'Senha redefinida com sucesso! Faça login com a nova senha.',
  throttled: 'Muitos pedidos de redefinição de senha. Aguarde alguns minutos e tente novamente.',
} as const;

const HOUR = 60 * 60 * 1000;

/**
 * Counted per source (an IPv4 address, an IPv6 /64: lib/ip-source.ts), never per address alone:
 * requests from elsewhere must not use up the owner's own (three strangers' requests used to
 * block the owner's reset for an hour).
 */
export const RESET_REQUEST_LIMITS = {
  /** Every request from one source, whatever the e-mail: past it, 429. */
  perSource: { max: 10, windowMs: HOUR },
  /**
   * New links for one address from one source: a person asks again once or twice. Past it the
   * answer stays the same, and the live link is mailed again instead of a new one (a fresh
   * token with the live link's own expiry, which retires it), so a source past its limit can
   * neither lengthen a link's life nor keep the owner from one that works.
   */
  perEmailSource: { max: 3, windowMs: HOUR },
} as const;

export const resetThrottleKeys = {
  source: (source: string) => `password-reset:ip:${source}`,
  emailSource: (email: string, source: string) => `password-reset:source:${source}:email:${email}`,
};

/** The reset counters of one e-mail, from every source, for LGPD erasure. */
export function resetThrottleKeysOf(email: string): ThrottleKeyMatch[] {
  return [{ prefix: 'password-reset:source:', suffix: `:email:${email}` }];
}

/** 32 random bytes in base64url: the only shape a link we sent can have. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface BackgroundLogger {
  error(details: Record<string, unknown>, message: string): void;
}

export interface PasswordResetDeps {
  db: Db;
  mailer: Mailer;
  tokens: Pick<TokenService, 'revokeAllForUser'>;
  securityLog: SecurityLog;
  throttle: Throttle;
  appUrl: string;
  /** The store settings now: the e-mail's name and signature. */
  storeSettings: () => StoreSettings;
  now: () => Date;
  logger: BackgroundLogger;
}

function invalidLink(): AppError {
  return new AppError('invalid_data', RESET_PASSWORD_MESSAGES.expired, {
    code: 'reset_token_invalid',
  });
}

export function createPasswordResetService(deps: PasswordResetDeps) {
  const { db, now } = deps;
  const users = createUserRepository(db);
  const resets = createPasswordResetRepository(db);

  // Looking the account up, storing the link and sending the mail happen after the answer, one
  // request at a time: the answer then takes as long for an unknown e-mail as for a customer's.
  let queue: Promise<void> = Promise.resolve();
  function inBackground(task: () => Promise<void>): void {
    queue = queue.then(task).catch((error: unknown) => {
      deps.logger.error({ err: error }, 'password reset e-mail failed');
    });
  }

  /**
   * Mails a link to the account of `email`, if there is one. Only a hash of each token is stored,
   * so a live link cannot be read back to send it again: `renew` mails a new token that takes
   * over the live link's expiry and retires it, and sends nothing when no link is live.
   */
  async function sendLink(email: string, meta: RequestMeta, renew: boolean): Promise<void> {
    const user = await users.findByEmail(email);
    if (!user) return;
    const at = now();
    const live = renew ? await resets.liveExpiry(user.id, at) : undefined;
    if (renew && !live) return;
    const token = newResetToken();
    await resets.replaceForUser(
      user.id,
      hashToken(token),
      live ?? new Date(at.getTime() + RESET_LINK_VALIDITY_MS),
      at,
    );
    await deps.mailer.send(
      passwordResetMail(
        user.email,
        user.name,
        resetLink(deps.appUrl, token),
        mailShop(deps.storeSettings()),
      ),
    );
    await deps.securityLog.record({
      type: 'password_reset_requested',
      severity: 'info',
      userId: user.id,
      ip: meta.ip,
      userAgent: meta.userAgent,
      message: renew
        ? 'Redefinição de senha solicitada de novo; o link em vigor foi reenviado'
        : 'Redefinição de senha solicitada',
    });
  }

  /** Whether `source` has had its new links for `email` this hour (the attempt is counted). */
  async function pastLinkLimit(email: string, source: string): Promise<boolean> {
    const rule = {
      key: resetThrottleKeys.emailSource(email, source),
      ...RESET_REQUEST_LIMITS.perEmailSource,
    };
    try {
      await deps.throttle.consume([rule], PASSWORD_RESET_MESSAGES.throttled);
      return false;
    } catch (error) {
      if (error instanceof AppError && error.code === 'throttled') return true;
      throw error;
    }
  }

  return {
    /** The same answer for every address, known or not, within the limit or past it. */
    async request(rawEmail: string, meta: RequestMeta): Promise<{ message: string }> {
      const email = normalizeEmail(rawEmail);
      const source = ipSource(meta.ip);
      await deps.throttle.consume(
        [{ key: resetThrottleKeys.source(source), ...RESET_REQUEST_LIMITS.perSource }],
        PASSWORD_RESET_MESSAGES.throttled,
      );
      const renew = await pastLinkLimit(email, source);
      inBackground(() => sendLink(email, meta, renew));
      return { message: PASSWORD_RESET_MESSAGES.requested };
    },

    /** False, never an error, for anything that is not a live link. */
    async verify(token: string): Promise<boolean> {
      if (!TOKEN_SHAPE.test(token)) return false;
      return resets.isUsable(hashToken(token), now());
    },

    /** `password` has passed the shared reset schema (the register rule) in the route. */
    async reset(token: string, password: string, meta: RequestMeta) {
      if (!TOKEN_SHAPE.test(token)) throw invalidLink();
      if (await isCommonPassword(password)) {
        throw new AppError('invalid_data', PASSWORD_MESSAGES.common, {
          code: 'validation_failed',
          fields: { password: [PASSWORD_MESSAGES.common] },
        });
      }
      const passwordHash = await hashPassword(password);
      const at = now();
      const userId = await db.transaction(async (tx) => {
        const owner = await createPasswordResetRepository(tx).consume(hashToken(token), at);
        if (owner !== undefined) {
          const txUsers = createUserRepository(tx);
          await txUsers.setPasswordHash(owner, passwordHash, at);
          // The link went to the account's address: following it proves the mailbox is theirs.
          await txUsers.markEmailVerified(owner, at);
          await dropPendingEmailChange(tx, owner, at);
        }
        return owner;
      });
      if (userId === undefined) throw invalidLink();
      // Whoever knew the old password is logged out everywhere.
      await deps.tokens.revokeAllForUser(userId);
      await deps.securityLog.record({
        type: 'password_reset',
        severity: 'info',
        userId,
        ip: meta.ip,
        userAgent: meta.userAgent,
        message: 'Senha redefinida pelo link enviado por email',
      });
      return { success: true as const, message: PASSWORD_RESET_MESSAGES.done };
    },

    /** Resolves when every queued e-mail has been handled (tests, shutdown). */
    drain(): Promise<void> {
      return queue;
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
