import { randomBytes } from 'node:crypto';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import {
  type GoogleIdentity,
  type GoogleSignIn,
  GoogleSignInError,
  type PendingSignIn,
} from '../../integrations/google/google-sign-in.ts';
import { hashToken, type RequestMeta, type TokenService } from '../auth/token-service.ts';
import type { SecurityLog } from '../security/security-log.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { normalizeEmail, type UserRepository } from '../users/repository.ts';
import { toUserJson, type UserJson } from '../users/user-json.ts';
import type { LoginCodeRepository } from './login-code-repository.ts';

/** The web app trades the code as soon as the page loads; a minute covers a slow phone. */
export const LOGIN_CODE_TTL_SECONDS = 60;

export const GOOGLE_EXCHANGE_MESSAGES = {
  invalidCode: 'Login com Google expirado ou já utilizado. Entre novamente.',
} as const;

/** Longest name kept from the provider's claims (the register form allows 100). */
const NAME_MAX = 100;

export interface LoginAnswer {
  user: UserJson;
  access_token: string;
  refresh_token: string;
  cart_migrated: false;
  cart_items_count: 0;
}

export interface GoogleSignInServiceDeps {
  google: GoogleSignIn;
  users: UserRepository;
  loginCodes: LoginCodeRepository;
  tokens: Pick<TokenService, 'issueSession'>;
  securityLog: SecurityLog;
  now: () => Date;
}

function displayName(identity: GoogleIdentity, email: string): string {
  const name = identity.name?.trim().replace(/\s+/g, ' ');
  return (name || email.split('@')[0] || email).slice(0, NAME_MAX);
}

export function createGoogleSignInService(deps: GoogleSignInServiceDeps) {
  const { users, securityLog, now } = deps;

  async function findOrLink(identity: GoogleIdentity, email: string, meta: RequestMeta) {
    const bySub = await users.findByGoogleSub(identity.sub);
    if (bySub) return bySub;
    const byEmail = await users.findByEmail(email);
    if (!byEmail) return undefined;
    // Google vouches that this person holds the mailbox today, which is what owning the account
    // means here (a password reset would prove the same).
    const at = now();
    const linked = await users.update(
      byEmail.id,
      { googleSub: identity.sub, emailVerifiedAt: byEmail.emailVerifiedAt ?? at },
      at,
    );
    await securityLog.record({
      type: 'google_linked',
      severity: byEmail.googleSub ? 'warning' : 'info',
      userId: byEmail.id,
      ip: meta.ip,
      userAgent: meta.userAgent,
      message: byEmail.googleSub
        ? 'Conta vinculada a outra conta Google com o mesmo email'
        : 'Conta vinculada ao login com Google',
    });
    return linked;
  }

  async function createUser(identity: GoogleIdentity, email: string, meta: RequestMeta) {
    const at = now();
    const user = await users.create({
      email,
      name: displayName(identity, email),
      passwordHash: null,
      googleSub: identity.sub,
      emailVerifiedAt: at,
      createdAt: at,
      updatedAt: at,
    });
    await securityLog.record({
      type: 'user_registered',
      severity: 'info',
      userId: user.id,
      ip: meta.ip,
      userAgent: meta.userAgent,
      message: 'Conta criada pelo login com Google',
      metadata: { method: 'google' },
    });
    return user;
  }

  async function userFor(identity: GoogleIdentity, meta: RequestMeta): Promise<UserRow> {
    if (!identity.emailVerified || !identity.email) {
      throw new GoogleSignInError('email_not_verified');
    }
    const email = normalizeEmail(identity.email);
    try {
      return (await findOrLink(identity, email, meta)) ?? (await createUser(identity, email, meta));
    } catch (error) {
      // Two callbacks for the same person at once: the other one created the account.
      if (isUniqueViolation(error)) {
        const existing = await findOrLink(identity, email, meta).catch(() => undefined);
        if (existing) return existing;
      }
      throw new GoogleSignInError('user_creation_failed', { cause: error });
    }
  }

  async function issueLoginCode(userId: number): Promise<string> {
    try {
      const code = randomBytes(32).toString('base64url');
      const at = now();
      await deps.loginCodes.insert(
        userId,
        hashToken(code),
        new Date(at.getTime() + LOGIN_CODE_TTL_SECONDS * 1000),
        at,
      );
      return code;
    } catch (error) {
      throw new GoogleSignInError('session_creation_failed', { cause: error });
    }
  }

  return {
    configured: deps.google.configured,

    start: () => deps.google.start(),

    /**
     * Ends the provider's round trip: verified claims -> an account (linked or new) -> a
     * one-time login code for the browser's cookie. Throws GoogleSignInError with the code the
     * web app shows.
     */
    async complete(callbackUrl: URL, pending: PendingSignIn, meta: RequestMeta): Promise<string> {
      const identity = await deps.google.finish(callbackUrl, pending);
      const user = await userFor(identity, meta);
      return issueLoginCode(user.id);
    },

    /** Trades a login code for a session, once. */
    async exchange(code: string | undefined, meta: RequestMeta): Promise<LoginAnswer> {
      const userId =
        code && code.length <= 100
          ? await deps.loginCodes.consume(hashToken(code), now())
          : undefined;
      const user = userId === undefined ? undefined : await users.findById(userId);
      if (!user) {
        throw new AppError('unauthorized', GOOGLE_EXCHANGE_MESSAGES.invalidCode, {
          code: 'invalid_login_code',
        });
      }
      const tokens = await deps.tokens.issueSession({ id: user.id, role: user.role }, meta);
      await securityLog.record({
        type: 'login_success',
        severity: 'info',
        userId: user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        message: 'Login com Google realizado',
        metadata: { method: 'google' },
      });
      return { user: toUserJson(user), ...tokens, cart_migrated: false, cart_items_count: 0 };
    },
  };
}

export type GoogleSignInService = ReturnType<typeof createGoogleSignInService>;
