import {
  can,
  type Permission,
  STAFF_ROLE_LABELS,
  type StaffRole,
} from '@lumina/shared/admin/staff-roles';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../http/app-error.ts';
import type { SecurityLog } from '../security/security-log.ts';
import type { AccountRole } from '../users/repository.ts';
import type { TokenService } from './token-service.ts';

/**
 * Who the access token says is calling. Deliberately without the token's role claim: admin rights
 * come from the database on each request, through `isAdmin` / `requirePermission` (DESIGN.md).
 */
export interface AuthUser {
  id: number;
  /** The login (refresh-token family) the access token came from. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The role an account has in the database now (undefined: no such account). */
    roleOf(userId: number): Promise<AccountRole | undefined>;
    /** Where a refused staff request is written (admin_permission_denied). */
    authSecurityLog: SecurityLog;
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
  permissionDenied: 'Seu perfil não tem acesso a esta área.',
} as const;

const BEARER = /^Bearer ([A-Za-z0-9_.~+/=-]+)$/;

/**
 * Reads the bearer token of every request once: a token whose session ended (logout, a rotated
 * refresh token presented again, a password change or reset, a role change, an erased account)
 * is refused like an invalid one. A missing or refused token leaves the request anonymous; the routes that need a user say so with `requireUser` / `requirePermission`
 * (through privateScope).
 * Registered with fastify-plugin so the hook covers the routes of the scope it is registered in.
 */
export const authenticate = fp<{
  tokens: TokenService;
  roleOf: (userId: number) => Promise<AccountRole | undefined>;
  securityLog: SecurityLog;
}>(
  (app, { tokens, roleOf, securityLog }, done) => {
    app.decorate('roleOf', roleOf);
    app.decorate('authSecurityLog', securityLog);
    app.decorateRequest('user', null);
    app.decorateRequest('authError', null);
    async function readToken(request: FastifyRequest, token: string): Promise<void> {
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
    }
    // A callback hook: an anonymous request (most of the storefront's) goes on at once, without
    // a promise and a turn of the microtask queue.
    app.addHook('onRequest', (request, _reply, done) => {
      const header = request.headers.authorization;
      if (header === undefined) return done();
      const token = BEARER.exec(header)?.[1];
      if (token === undefined) {
        request.authError = 'invalid_token';
        return done();
      }
      void readToken(request, token).then(() => done());
    });
    app.addHook('onResponse', (request, reply, done) => {
      // Reads (most requests) are never recorded: settled before the route's options are read.
      if (!WRITES.has(request.method)) return done();
      void recordAdminAction(request, reply).then(() => done());
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

const roleLookups = new WeakMap<FastifyRequest, Promise<AccountRole | undefined>>();

/**
 * The one place that reads rights: the account's role and staff role in the database now, in one
 * query, once per request. The token's role claim is never consulted, so a demoted administrator
 * (or a token minted with a claim it should not have) gets no more than a customer. Undefined when
 * anonymous or when the account no longer exists.
 */
function accountRole(request: FastifyRequest): Promise<AccountRole | undefined> {
  const user = request.user;
  if (!user) return Promise.resolve(undefined);
  let lookup = roleLookups.get(request);
  if (!lookup) {
    lookup = request.server.roleOf(user.id);
    roleLookups.set(request, lookup);
  }
  return lookup;
}

/** Whether the caller is on the shop's staff (any staff role); undefined as in accountRole. */
export async function isAdmin(request: FastifyRequest): Promise<boolean | undefined> {
  const account = await accountRole(request);
  return account && account.role === 'admin';
}

/** Whether the caller is on the staff with `permission` now (false when anonymous). */
export async function hasPermission(
  request: FastifyRequest,
  permission: Permission,
): Promise<boolean> {
  const account = await accountRole(request);
  return account?.role === 'admin' && can(account.staffRole, permission);
}

/**
 * The caller's staff role now (null for anyone else), read with the guard's own lookup: a route
 * whose answer depends on the role (which customer fields it shows, the CPF in the accountant's
 * export) asks no second query.
 */
export async function staffRoleOf(request: FastifyRequest): Promise<StaffRole | null> {
  const account = await accountRole(request);
  return account?.role === 'admin' ? account.staffRole : null;
}

/** The caller's account now, refused (401, or 403 admin_only) unless it is on the staff. */
async function staffAccount(request: FastifyRequest): Promise<AccountRole> {
  if (!request.user) throw notAuthenticated(request);
  const account = await accountRole(request);
  // An account that no longer exists is anonymous.
  if (account === undefined) throw notAuthenticated(request);
  if (account.role !== 'admin') {
    throw new AppError('not_allowed', AUTH_MESSAGES.adminOnly, { code: 'admin_only' });
  }
  return account;
}

/**
 * The one hook that guards an admin route (DESIGN.md): 401 anonymous, 403 'admin_only' to a customer, 403
 * 'permission_denied' to staff whose role lacks `permission` (shared admin/staff-roles.ts), that
 * last one written to the security log (someone probing beyond their role is worth a look).
 */
export function requirePermission(
  permission: Permission,
): (request: FastifyRequest) => Promise<void> {
  return async function checkPermission(request) {
    const { staffRole } = await staffAccount(request);
    if (can(staffRole, permission)) return;
    await request.server.authSecurityLog.record({
      type: 'admin_permission_denied',
      severity: 'warning',
      userId: request.user?.id ?? null,
      ip: request.ip,
      message: `Acesso negado: o perfil ${staffRole ? STAFF_ROLE_LABELS[staffRole] : 'sem papel'} não tem a permissão ${permission}`,
      metadata: {
        permission,
        staff_role: staffRole,
        method: request.method,
        path: request.url.split('?')[0],
      },
    });
    throw new AppError('not_allowed', AUTH_MESSAGES.permissionDenied, {
      code: 'permission_denied',
    });
  };
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The audit trail of the panel: every change made through an admin path (one whose config names a
 * permission) that succeeded is written to the security log with who made it. The route's pattern
 * and its parameters are kept, never the body or the query (addresses, CPFs, tokens stay out).
 * Written after the answer left, so a slow log never delays the panel; a failed write is reported
 * to the process log and does not touch the answer.
 */
async function recordAdminAction(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const permission = request.routeOptions.config?.permission;
  if (permission === undefined) return;
  if (!request.user || reply.statusCode >= 400) return;
  const route = request.routeOptions.url ?? request.url.split('?')[0];
  try {
    await request.server.authSecurityLog.record({
      type: 'admin_action',
      severity: 'info',
      userId: request.user.id,
      ip: request.ip,
      message: `Ação no painel: ${request.method} ${route}`,
      metadata: {
        permission,
        method: request.method,
        route,
        params: request.params ?? {},
        status: reply.statusCode,
      },
    });
  } catch (error) {
    request.log.error({ err: error }, 'admin action not written to the security log');
  }
}

/** Narrows `request.user` inside a handler guarded by requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notAuthenticated(request);
  return request.user;
}
