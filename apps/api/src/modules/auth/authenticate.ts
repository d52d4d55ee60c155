import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRole } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { TokenService } from './token-service.ts';

export interface AuthUser {
  id: number;
  role: UserRole;
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
        request.user = { id: claims.userId, role: claims.role, sessionId: claims.sessionId };
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

/**
 * onRequest/preHandler: 401 when anonymous, 403 to anyone whose role in the database is not admin
 * (DESIGN.md). The token's role is not trusted: a demoted administrator is refused at once, not
 * when the access token expires. An account that no longer exists is anonymous.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw notAuthenticated(request);
  const role = await request.server.roleOf(request.user.id);
  if (role === undefined) throw notAuthenticated(request);
  if (role !== 'admin') {
    throw new AppError('not_allowed', AUTH_MESSAGES.adminOnly, { code: 'admin_only' });
  }
  request.user = { ...request.user, role };
}

/** Narrows `request.user` inside a handler guarded by requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notAuthenticated(request);
  return request.user;
}
