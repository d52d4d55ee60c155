import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { refreshTokens } from '../../db/schema/auth-tokens.ts';
import { users, type UserRole } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { SecurityLog } from '../security/security-log.ts';
import { resolveJwtSecret } from './jwt-secret.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const JWT_ISSUER = 'lumina-piercings';
export const JWT_AUDIENCE = 'lumina-piercings-web';
/** Pinned: a token with any other `alg` (none, RS256 with our secret as a key...) is refused. */
const JWT_ALGORITHM = 'HS256';

export const TOKEN_MESSAGES = {
  invalidAccess: 'Sessão inválida ou expirada. Faça login novamente.',
  invalidRefresh: 'Sessão expirada. Faça login novamente.',
  refreshRequired: 'Token de atualização é obrigatório',
} as const;

export interface SessionUser {
  id: number;
  role: UserRole;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
}

export interface SessionTokens {
  access_token: string;
  refresh_token: string;
}

/** The role claim is not among them: admin rights are read from the database (authenticate.ts). */
export interface AccessTokenClaims {
  userId: number;
  /** The refresh-token family (one login) this access token belongs to. */
  sessionId: string;
}

/**
 * How long one process takes a session it found live at its word. An access token of an ended
 * session (logout, reuse detected, password changed, account erased) is refused at once by the
 * process that ended it and within this time by every other process.
 */
export const SESSION_CHECK_TTL_MS = 2_000;
const SESSION_CACHE_MAX = 10_000;

/** Sessions (refresh-token families) seen live recently: id -> owner and until when. */
const liveSessions = new Map<string, { userId: number; until: number }>();

function forgetLiveSessions(match: (sessionId: string, userId: number) => boolean): void {
  for (const [sessionId, entry] of liveSessions) {
    if (match(sessionId, entry.userId)) liveSessions.delete(sessionId);
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function invalidRefresh(): AppError {
  return new AppError('unauthorized', TOKEN_MESSAGES.invalidRefresh, {
    code: 'invalid_refresh_token',
  });
}

/**
 * Access tokens are 15-minute HS256 JWTs (sub, role, sid, jti, iat, exp, iss, aud); refresh
 * tokens are 32 random bytes stored as sha256, rotated on every use. Each login is a family:
 * presenting an already rotated token means it was stolen, so the whole family is revoked.
 * The role claim only tells the web app which menu to show; the API never reads it.
 */
export function createTokenService({
  db,
  config,
  now = () => new Date(),
  securityLog,
}: {
  db: Db;
  config: Pick<Config, 'jwtSecret' | 'dataDir'>;
  now?: () => Date;
  securityLog?: SecurityLog;
}) {
  const key = new TextEncoder().encode(resolveJwtSecret(config));

  async function signAccessToken(user: SessionUser, sessionId: string): Promise<string> {
    const issuedAt = Math.floor(now().getTime() / 1000);
    return new SignJWT({ role: user.role, sid: sessionId })
      .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .setJti(randomUUID())
      .sign(key);
  }

  async function insertRefreshToken(
    userId: number,
    familyId: string,
    meta: RequestMeta,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    await db.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: hashToken(token),
      expiresAt: new Date(at.getTime() + REFRESH_TOKEN_TTL_MS),
      createdAt: at,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
    });
    return token;
  }

  async function revokeFamily(familyId: string): Promise<void> {
    liveSessions.delete(familyId);
    await db
      .update(refreshTokens)
      .set({ revokedAt: now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  return {
    /** Starts a new session (a new refresh-token family) for a user who just proved who they are. */
    async issueSession(user: SessionUser, meta: RequestMeta): Promise<SessionTokens> {
      const familyId = randomUUID();
      const refresh_token = await insertRefreshToken(user.id, familyId, meta);
      return { access_token: await signAccessToken(user, familyId), refresh_token };
    },

    /**
     * Whether the login an access token came from still stands: one of its refresh tokens is
     * neither revoked nor expired (one indexed lookup, then trusted for SESSION_CHECK_TTL_MS).
     */
    async isSessionLive(userId: number, sessionId: string): Promise<boolean> {
      const at = now();
      const cached = liveSessions.get(sessionId);
      if (cached && cached.userId === userId && cached.until > Date.now()) return true;
      const [row] = await db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.familyId, sessionId),
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, at),
          ),
        )
        .limit(1);
      if (!row) {
        liveSessions.delete(sessionId);
        return false;
      }
      if (liveSessions.size >= SESSION_CACHE_MAX) liveSessions.clear();
      liveSessions.set(sessionId, { userId, until: Date.now() + SESSION_CHECK_TTL_MS });
      return true;
    },

    /** Throws a 401 AppError for anything but a valid, unexpired token signed by us with HS256. */
    async verifyAccessToken(token: string): Promise<AccessTokenClaims> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [JWT_ALGORITHM],
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          requiredClaims: ['exp', 'iat', 'sub', 'jti'],
          currentDate: now(),
          clockTolerance: 0,
        });
        const userId = Number(payload.sub);
        const sessionId = payload.sid;
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sessionId !== 'string') {
          throw new Error('unexpected claims');
        }
        return { userId, sessionId };
      } catch (error) {
        throw new AppError('unauthorized', TOKEN_MESSAGES.invalidAccess, {
          code: error instanceof joseErrors.JWTExpired ? 'token_expired' : 'invalid_token',
        });
      }
    },

    /** Exchanges a refresh token for a new pair; the presented one can never be used again. */
    async rotate(refreshToken: string, meta: RequestMeta): Promise<SessionTokens> {
      const at = now();
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
        .limit(1);
      if (!row) throw invalidRefresh();
      if (row.revokedAt) throw invalidRefresh();
      if (row.expiresAt.getTime() <= at.getTime()) throw invalidRefresh();

      // Marking it replaced only if nobody did first makes two concurrent uses of one token
      // count as reuse, whichever process serves them.
      const claimed = await db
        .update(refreshTokens)
        .set({ replacedAt: at })
        .where(
          and(
            eq(refreshTokens.id, row.id),
            isNull(refreshTokens.replacedAt),
            isNull(refreshTokens.revokedAt),
          ),
        )
        .returning({ id: refreshTokens.id });
      if (claimed.length === 0) {
        await revokeFamily(row.familyId);
        await securityLog?.record({
          type: 'refresh_token_reuse',
          severity: 'critical',
          userId: row.userId,
          ip: meta.ip,
          userAgent: meta.userAgent,
          message: 'Token de atualização reutilizado: todas as sessões deste login foram revogadas',
          metadata: { family_id: row.familyId },
        });
        throw invalidRefresh();
      }

      const [user] = await db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(eq(users.id, row.userId))
        .limit(1);
      if (!user) throw invalidRefresh();
      const refresh_token = await insertRefreshToken(user.id, row.familyId, meta);
      return { access_token: await signAccessToken(user, row.familyId), refresh_token };
    },

    /** Logout: ends the session the token belongs to. Unknown tokens are ignored. */
    async revoke(refreshToken: string): Promise<void> {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
        .limit(1);
      if (row) await revokeFamily(row.familyId);
    },

    /** Ends one session (logout with only the access token at hand). */
    async revokeSession(userId: number, sessionId: string): Promise<void> {
      liveSessions.delete(sessionId);
      await db
        .update(refreshTokens)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            eq(refreshTokens.familyId, sessionId),
            isNull(refreshTokens.revokedAt),
          ),
        );
    },

    /** Ends every session of the user (password reset, account compromise). */
    async revokeAllForUser(userId: number): Promise<void> {
      await revokeAllSessions(db, userId, now());
    },

    /** Ends every session of the user but `keepSessionId` (a password change from that session). */
    async revokeOtherSessions(userId: number, keepSessionId: string): Promise<void> {
      forgetLiveSessions((sessionId, owner) => owner === userId && sessionId !== keepSessionId);
      await db
        .update(refreshTokens)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            ne(refreshTokens.familyId, keepSessionId),
            isNull(refreshTokens.revokedAt),
          ),
        );
    },

    /** Live sessions of a user, for tests and a future "active sessions" view. */
    async countActiveSessions(userId: number): Promise<number> {
      const rows = await db
        .selectDistinct({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            isNull(refreshTokens.replacedAt),
            gt(refreshTokens.expiresAt, now()),
          ),
        );
      return rows.length;
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

/**
 * Ends every session of a user but `keepSessionId` when given, in the caller's transaction when
 * given one: a role change or an operator's password change (users/admin.ts), an e-mail change
 * completed (email-verification).
 */
export async function revokeAllSessions(
  db: Db,
  userId: number,
  at: Date,
  keepSessionId?: string,
): Promise<void> {
  forgetLiveSessions((sessionId, owner) => owner === userId && sessionId !== keepSessionId);
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepSessionId === undefined ? undefined : ne(refreshTokens.familyId, keepSessionId),
      ),
    );
}

/** LGPD erasure: every session of the account ends and its refresh tokens are gone. */
export async function forgetSessionsOf(tx: Db, userId: number): Promise<void> {
  forgetLiveSessions((_sessionId, owner) => owner === userId);
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
}
