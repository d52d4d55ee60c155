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
import type { Throttle, ThrottleRule } from '../security/throttle.ts';
import { createUserRepository, normalizeEmail } from '../users/repository.ts';
import { createPasswordResetRepository } from './repository.ts';
import { passwordResetMail, resetLink } from './reset-mail.ts';

export const PASSWORD_RESET_MESSAGES = {
  /** The same answer whether or not the account exists: the form tells nobody who is a customer. */
  requested: 'Se o email estiver cadastrado, você receberá um link para redefinir sua senha.',
  done: 'Senha redefinida com sucesso! Faça login com a nova senha.',
  throttled: 'Muitos pedidos de redefinição de senha. Aguarde alguns minutos e tente novamente.',
} as const;

const HOUR = 60 * 60 * 1000;

/** A person asks again once or twice; more is someone filling another person's mailbox. */
export const RESET_REQUEST_LIMITS = {
  perIp: { max: 10, windowMs: HOUR },
  perEmail: { max: 3, windowMs: HOUR },
} as const;

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

  async function sendLink(email: string, meta: RequestMeta): Promise<void> {
    const user = await users.findByEmail(email);
    if (!user) return;
    const token = newResetToken();
    const at = now();
    await resets.replaceForUser(
      user.id,
      hashToken(token),
      new Date(at.getTime() + RESET_LINK_VALIDITY_MS),
      at,
    );
    await deps.mailer.send(passwordResetMail(user.email, user.name, resetLink(deps.appUrl, token)));
    await deps.securityLog.record({
      type: 'password_reset_requested',
      severity: 'info',
      userId: user.id,
      ip: meta.ip,
      userAgent: meta.userAgent,
      message: 'Redefinição de senha solicitada',
    });
  }

  return {
    async request(rawEmail: string, meta: RequestMeta): Promise<{ message: string }> {
      const email = normalizeEmail(rawEmail);
      const rules: ThrottleRule[] = [
        { key: `password-reset:ip:${meta.ip}`, ...RESET_REQUEST_LIMITS.perIp },
        { key: `password-reset:email:${email}`, ...RESET_REQUEST_LIMITS.perEmail },
      ];
      await deps.throttle.consume(rules, PASSWORD_RESET_MESSAGES.throttled);
      inBackground(() => sendLink(email, meta));
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
