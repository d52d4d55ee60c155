import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRole } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { TokenService } from './token-service.ts';

/**
 * Who the access token says is calling. Deliberately without the token's role claim: admin rights
 * come from the database on each request, through `isAdmin` (DESIGN.md).
 */
export interface AuthUser {
  id: number;
  /** The login (refresh-token family) the access token came from. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The role an account has in the database now (undefined: no such account). */
    roleOf(userId: number): Promise<UserRole | undefined>;
  }
  interface FastifyRequest {
    /** Set from a valid `Authorization: Bearer <access token>`; null when anonymous. */
    user: AuthUser | null;
    /** Why a bearer token that was sent was refused (e.g. 'token_expired'), for the 401 code. */
    authError: string | null;
  }
}

export const AUTH_MESSAGES = {
  notAuthenticated: 'Usuário não autenticado',
  adminOnly: 'Acesso restrito a administradores.',
} as const;

const BEARER = /^Bearer ([A-Za-z0-9_.~+/=-]+)$/;

/**
 * Reads the bearer token of every request once: a token whose session ended (logout, a rotated
 * refresh token presented again, a password change or reset, a role change, an erased account)
 * is refused like an invalid one. A missing or refused token leaves the request anonymous; the routes that need a user say so with `requireUser` / `requireAdmin`.
 * Registered with fastify-plugin so the hook covers the routes of the scope it is registered in.
 */
export const authenticate = fp<{
  tokens: TokenService;
  roleOf: (userId: number) => Promise<UserRole | undefined>;
}>(
  (app, { tokens, roleOf }, done) => {
    app.decorate('roleOf', roleOf);
    app.decorateRequest('user', null);
    app.decorateRequest('authError', null);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (header === undefined) return;
      const token = BEARER.exec(header)?.[1];
      if (token === undefined) {
        request.authError = 'invalid_token';
        return;
      }
      try {
        const claims = await tokens.verifyAccessToken(token);
        // A signed, unexpired token is not enough: its login must still stand (logout, erasure).
        if (!(await tokens.isSessionLive(claims.userId, claims.sessionId))) {
          request.authError = 'session_ended';
          return;
        }
        request.user = { id: claims.userId, sessionId: claims.sessionId };
      } catch (error) {
        request.authError = error instanceof AppError ? error.code : 'invalid_token';
      }
    });
    done();
  },
  { name: 'lumina-authenticate' },
);

function notAuthenticated(request: FastifyRequest): AppError {
  return new AppError('unauthorized', AUTH_MESSAGES.notAuthenticated, {
    code: request.authError ?? 'not_authenticated',
  });
}

/** preHandler: 401 'Usuário não autenticado' without a valid access token. */
export function requireUser(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  done(request.user ? undefined : notAuthenticated(request));
}

const adminChecks = new WeakMap<FastifyRequest, Promise<boolean | undefined>>();

/**
 * The one place that decides admin rights: the account's role in the database now, read once
 * per request. The token's role claim is never consulted, so a demoted administrator (or a token
 * minted with a claim it should not have) gets no more than a customer. Undefined when anonymous
 * or when the account no longer exists.
 */
export function isAdmin(request: FastifyRequest): Promise<boolean | undefined> {
  const user = request.user;
  if (!user) return Promise.resolve(undefined);
  let check = adminChecks.get(request);
  if (!check) {
    check = request.server.roleOf(user.id).then((role) => role && role === 'admin');
    adminChecks.set(request, check);
  }
  return check;
}

/**
 * onRequest/preHandler: 401 when anonymous, 403 to anyone whose role in the database is not admin
 * (DESIGN.md). An account that no longer exists is anonymous.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw notAuthenticated(request);
  const admin = await isAdmin(request);
  if (admin === undefined) throw notAuthenticated(request);
  if (!admin) {
    throw new AppError('not_allowed', AUTH_MESSAGES.adminOnly, { code: 'admin_only' });
  }
}

/** Narrows `request.user` inside a handler guarded by requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notAuthenticated(request);
  return request.user;
}
