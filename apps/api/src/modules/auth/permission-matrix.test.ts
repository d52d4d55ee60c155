// Every admin path of the API, walked as it is registered: each names the permission it needs
// (so a new path cannot be forgotten), and each answers every kind of caller as the shared role
// table says (401 anonymous, 403 to customers and to staff without the permission).
import {
  can,
  type Permission,
  STAFF_ROLES,
  type StaffRole,
} from '@lumina/shared/admin/staff-roles';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

const routes: RouteOptions[] = [];
let ctx: TestContext;
const headersOf = new Map<StaffRole | 'customer', Record<string, string>>();

beforeAll(async () => {
  ctx = await createTestContext({ onRoute: (route) => routes.push(route) });
  for (const staffRole of STAFF_ROLES) {
    const user = await createUser(ctx.database, { role: 'admin', staffRole });
    headersOf.set(staffRole, bearerHeader((await signIn(ctx.app, user)).access_token));
  }
  const customer = await createUser(ctx.database);
  headersOf.set('customer', bearerHeader((await signIn(ctx.app, customer)).access_token));
});

afterAll(async () => {
  await ctx?.close();
});

/** The paths of the shop's people; the OAuth callbacks are bound to a state, not to a session. */
const PUBLIC_UNDER_ADMIN_PREFIXES = new Set([
  '/api/bling/oauth/callback',
  '/api/melhorenvio/oauth/callback',
]);

function looksAdmin(method: string, url: string): boolean {
  if (PUBLIC_UNDER_ADMIN_PREFIXES.has(url)) return false;
  if (/^\/api\/(admin|bling|melhorenvio|security)(\/|$)/.test(url)) return true;
  // The catalogue's writes share the storefront's /api/products paths.
  return url.startsWith('/api/products') && method !== 'GET';
}

interface AdminRoute {
  method: string;
  url: string;
  permission: Permission | undefined;
}

function adminRoutes(): AdminRoute[] {
  const found = new Map<string, AdminRoute>();
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // HEAD copies of GET routes carry the same guard.
      if (method === 'HEAD') continue;
      const permission = route.config?.permission;
      if (permission === undefined && !looksAdmin(method, route.url)) continue;
      found.set(`${method} ${route.url}`, { method, url: route.url, permission });
    }
  }
  return [...found.values()].sort((a, b) => a.url.localeCompare(b.url));
}

describe('the permission matrix', () => {
  it('finds the admin paths, and each names its permission', () => {
    const all = adminRoutes();
    expect(all.length).toBeGreaterThan(40);
    expect(all.filter((route) => route.permission === undefined)).toEqual([]);
    // A sample, so a broken collector cannot pass by finding nothing of a kind.
    expect(all).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/api/admin/orders', permission: 'orders' },
        { method: 'GET', url: '/api/admin/customers/:id', permission: 'customers' },
        { method: 'POST', url: '/api/products', permission: 'catalogue' },
        { method: 'GET', url: '/api/admin/stats', permission: 'reports' },
        { method: 'PUT', url: '/api/admin/settings', permission: 'settings' },
        { method: 'GET', url: '/api/security/export_logs', permission: 'security' },
        { method: 'GET', url: '/api/admin/privacy_requests', permission: 'privacy' },
        { method: 'GET', url: '/api/admin/coupons', permission: 'promotions' },
        { method: 'GET', url: '/api/admin/contact_messages', permission: 'customers' },
        { method: 'GET', url: '/api/melhorenvio/oauth/start', permission: 'settings' },
        { method: 'POST', url: '/api/products/sync_with_bling', permission: 'catalogue' },
      ]),
    );
  });

  it('answers each caller as the role table says, on every admin path', async () => {
    const problems: string[] = [];
    for (const { method, url, permission } of adminRoutes()) {
      if (permission === undefined) continue;
      // A harmless id for every parameter: nothing by that id needs to exist.
      const path = url.replace(/:\w+/g, '1');
      const call = (headers: Record<string, string>) =>
        ctx.app.inject({
          method: method as 'GET',
          url: path,
          headers,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
      const expectStatus = (who: string, status: number, code: string | undefined, ok: boolean) => {
        if (!ok) problems.push(`${method} ${url} as ${who}: ${status} ${code ?? ''}`);
      };

      const anonymous = await call({});
      expectStatus('anonymous', anonymous.statusCode, undefined, anonymous.statusCode === 401);
      const customer = await call(headersOf.get('customer') ?? {});
      const customerCode = customer.json<{ code?: string }>().code;
      expectStatus(
        'customer',
        customer.statusCode,
        customerCode,
        customer.statusCode === 403 && customerCode === 'admin_only',
      );
      for (const staffRole of STAFF_ROLES) {
        const answer = await call(headersOf.get(staffRole) ?? {});
        const code = String(answer.headers['content-type'] ?? '').includes('json')
          ? answer.json<{ code?: string }>().code
          : undefined;
        const ok = can(staffRole, permission)
          ? answer.statusCode !== 401 && answer.statusCode !== 403
          : answer.statusCode === 403 && code === 'permission_denied';
        expectStatus(staffRole, answer.statusCode, code, ok);
      }
    }
    expect(problems).toEqual([]);
  });
});
