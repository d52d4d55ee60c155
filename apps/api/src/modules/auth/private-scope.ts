import type { Permission } from '@lumina/shared/admin/staff-roles';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requirePermission, requireUser } from './authenticate.ts';

export type PrivateScopeOptions =
  /** Any signed-in account. */
  | { access?: 'user' }
  /** Staff whose role (in the database) has `permission` (shared admin/staff-roles.ts). */
  | { access: 'admin'; permission: Permission };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission an admin route needs; set by its scope (privateScope), read by tests. */
    permission?: Permission;
  }
}

function noStore(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  reply.header('cache-control', 'no-store');
  done(null, payload);
}

/**
 * The preamble of every private route, registered once at the top of a scope (fastify/demo's
 * autohooks): the session check before anything is parsed (401 anonymous, 403 to a customer or
 * to staff without the scope's permission, the bodies of authenticate.ts) and
 * `Cache-Control: no-store` on every answer, errors included, since each is about one person.
 * An admin scope also writes its permission into each route's config, so the permission matrix
 * test can check that no admin path goes without one. Wrapped with fastify-plugin so the hooks
 * land in the scope that registers it, and only there.
 */
export const privateScope = fp<PrivateScopeOptions>((app, options, done) => {
  if (options.access === 'admin') {
    const { permission } = options;
    app.addHook('onRoute', (route) => {
      if (route.config?.permission !== undefined && route.config.permission !== permission) {
        throw new Error(`${route.url}: one scope, one permission (split the scope)`);
      }
      route.config = { ...route.config, permission };
    });
    app.addHook('onRequest', requirePermission(permission));
  } else {
    app.addHook('onRequest', requireUser);
  }
  app.addHook('onSend', noStore);
  done();
});

/**
 * Routes in a scope of their own guarded by `permission`, for a route file whose routes need
 * different permissions: `void app.register(adminScope('settings', (scope, _options, next) => {...}))`.
 */
export function adminScope(
  permission: Permission,
  routes: FastifyPluginCallbackZod,
): FastifyPluginCallbackZod {
  return (scope, options, next) => {
    void scope.register(privateScope, { access: 'admin', permission });
    routes(scope, options, next);
  };
}
