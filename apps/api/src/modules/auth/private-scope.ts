import type { Permission } from '@lumina/shared/admin/staff-roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
 * The preamble of every private route, at the top of a scope (fastify/demo's autohooks): the
 * session check before anything is parsed (401 anonymous, 403 to a customer or to staff without
 * the scope's permission, the bodies of authenticate.ts) and `Cache-Control: no-store` on every
 * answer, errors included, since each is about one person. An admin scope also writes its
 * permission into the config of each route declared after it, where the permission matrix test
 * reads it.
 *
 * Called directly, not registered: Fastify runs onRoute hooks as each route is declared, and a
 * registered plugin loads only after the file has declared its routes.
 */
export function guardScope(app: FastifyInstance, options: PrivateScopeOptions): void {
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
}

/**
 * guardScope as a plugin, for the scopes of signed-in users (`void app.register(privateScope)`).
 * Wrapped with fastify-plugin so the hooks land in the scope that registers it, and only there.
 * An admin scope calls guardScope (or adminScope) instead, so its routes carry their permission.
 */
export const privateScope = fp<PrivateScopeOptions>(
  (app, options, done) => {
    guardScope(app, options);
    done();
  },
  // Named: for an unnamed plugin fastify-plugin reads an Error's stack to make up a name, and with
  // --enable-source-maps that stack made node parse the server chunk's whole source map and keep
  // it (about 150,000 arrays, 16 MB resident for the process's life, bench/README.md).
  { name: 'lumina-private-scope' },
);

/**
 * Routes in a scope of their own guarded by `permission`, for a route file whose routes need
 * different permissions: `void app.register(adminScope('settings', (scope, _options, next) => {...}))`.
 */
export function adminScope(
  permission: Permission,
  routes: FastifyPluginCallbackZod,
): FastifyPluginCallbackZod {
  return (scope, options, next) => {
    guardScope(scope, { access: 'admin', permission });
    routes(scope, options, next);
  };
}
