import { randomBytes } from 'node:crypto';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import {
  type GoogleIdentity,
  type GoogleSignIn,
  GoogleSignInError,
  type PendingSignIn,
} from '../../integrations/google/google-sign-in.ts';
import { EMAIL_VERIFICATION_MESSAGES } from '@lumina/shared/users/email-verification';
import { NAME_MAX } from '@lumina/shared/validation/name';
import type { Db } from '../../db/database.ts';
import {
  hashToken,
  revokeAllSessions,
  type RequestMeta,
  type TokenService,
} from '../auth/token-service.ts';
import { createEmailVerificationRepository } from '../email-verification/repository.ts';
import type { SecurityLog } from '../security/security-log.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { createUserRepository, normalizeEmail, type UserRepository } from '../users/repository.ts';
import { toUserJson, type UserJson } from '../users/user-json.ts';
import type { LoginCodeRepository } from './login-code-repository.ts';

/** The web app trades the code as soon as the page loads; a minute covers a slow phone. */
export const LOGIN_CODE_TTL_SECONDS = 60;

export const GOOGLE_EXCHANGE_MESSAGES = {
  invalidCode: 'Login com Google expirado ou já utilizado. Entre novamente.',
} as const;

export interface LoginAnswer {
  user: UserJson;
  access_token: string;
  refresh_token: string;
  cart_migrated: false;
  cart_items_count: 0;
  /** Something the person must read once signed in (pt-BR). */
  notice?: string;
}

export interface GoogleSignInServiceDeps {
  db: Db;
  google: GoogleSignIn;
  users: UserRepository;
  loginCodes: LoginCodeRepository;
  tokens: Pick<TokenService, 'issueSession'>;
  securityLog: SecurityLog;
  now: () => Date;
}

/** The provider's name, cut to the longest the register form allows. */
function displayName(identity: GoogleIdentity, email: string): string {
  const name = identity.name?.trim().replace(/\s+/g, ' ');
  return (name || email.split('@')[0] || email).slice(0, NAME_MAX);
}

export function createGoogleSignInService(deps: GoogleSignInServiceDeps) {
  const { db, users, securityLog, now } = deps;

  /** The account Google's identity signs in to, and what the person must be told about it. */
  interface Resolved {
    user: UserRow;
    notice?: 'squatter_revoked';
  }

  async function findOrLink(
    identity: GoogleIdentity,
    email: string,
    meta: RequestMeta,
  ): Promise<Resolved | undefined> {
    const bySub = await users.findByGoogleSub(identity.sub);
    if (bySub) return { user: bySub };
    const byEmail = await users.findByEmail(email);
    if (!byEmail) return undefined;
    // Google vouches that this person holds the mailbox today, which is what owning the account
    // means here. An account whose address was never confirmed may be someone else's squat on
    // that address: whatever password and sessions it had are not the mailbox
    // owner's, so they end here, in the same transaction as the link.
    const at = now();
    const squatted = byEmail.emailVerifiedAt === null;
    const linked = await db.transaction(async (tx) => {
      const txUsers = createUserRepository(tx);
      if (squatted) {
        await revokeAllSessions(tx, byEmail.id, at);
        await createEmailVerificationRepository(tx).retireUnused(byEmail.id, at);
      }
      return txUsers.update(
        byEmail.id,
        {
          googleSub: identity.sub,
          emailVerifiedAt: byEmail.emailVerifiedAt ?? at,
          ...(squatted ? { passwordHash: null, pendingEmail: null } : {}),
        },
        at,
      );
    });
    if (!linked) return undefined;
    await securityLog.record({
      type: 'google_linked',
      severity: byEmail.googleSub || squatted ? 'warning' : 'info',
      userId: byEmail.id,
      ip: meta.ip,
      userAgent: meta.userAgent,
      message: squatted
        ? 'Conta com email não confirmado vinculada ao Google: senha e sessões anteriores revogadas'
        : byEmail.googleSub
          ? 'Conta vinculada a outra conta Google com o mesmo email'
          : 'Conta vinculada ao login com Google',
      metadata: squatted ? { password_revoked: byEmail.passwordHash !== null } : undefined,
    });
    return squatted ? { user: linked, notice: 'squatter_revoked' } : { user: linked };
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

  async function userFor(identity: GoogleIdentity, meta: RequestMeta): Promise<Resolved> {
    if (!identity.emailVerified || !identity.email) {
      throw new GoogleSignInError('email_not_verified');
    }
    const email = normalizeEmail(identity.email);
    try {
      return (
        (await findOrLink(identity, email, meta)) ?? {
          user: await createUser(identity, email, meta),
        }
      );
    } catch (error) {
      // Two callbacks for the same person at once: the other one created the account.
      if (isUniqueViolation(error)) {
        const existing = await findOrLink(identity, email, meta).catch(() => undefined);
        if (existing) return existing;
      }
      throw new GoogleSignInError('user_creation_failed', { cause: error });
    }
  }

  async function issueLoginCode(resolved: Resolved): Promise<string> {
    try {
      const code = randomBytes(32).toString('base64url');
      const at = now();
      await deps.loginCodes.insert(
        resolved.user.id,
        hashToken(code),
        new Date(at.getTime() + LOGIN_CODE_TTL_SECONDS * 1000),
        at,
        resolved.notice,
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
      return issueLoginCode(await userFor(identity, meta));
    },

    /** Trades a login code for a session, once. */
    async exchange(code: string | undefined, meta: RequestMeta): Promise<LoginAnswer> {
      const used =
        code && code.length <= 100
          ? await deps.loginCodes.consume(hashToken(code), now())
          : undefined;
      const user = used === undefined ? undefined : await users.findById(used.userId);
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
      return {
        user: toUserJson(user),
        ...tokens,
        cart_migrated: false,
        cart_items_count: 0,
        ...(used?.notice === 'squatter_revoked'
          ? { notice: EMAIL_VERIFICATION_MESSAGES.squatterRevoked }
          : {}),
      };
    },
  };
}

export type GoogleSignInService = ReturnType<typeof createGoogleSignInService>;
