import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { securityLogs } from '../../db/schema/security.ts';
import { registerErrorHandler } from '../../http/error-handler.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';
import { authenticate } from './authenticate.ts';
import { privateScope } from './private-scope.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

const NOT_AUTHENTICATED = { message: 'Usuário não autenticado', code: 'not_authenticated' };

describe('the private routes of the API', () => {
  it.each([
    ['GET', '/api/users/profile'],
    ['PUT', '/api/users/profile'],
    ['POST', '/api/users/change_password'],
    ['POST', '/api/users/email_verification'],
    ['DELETE', '/api/users/email_change'],
    ['GET', '/api/orders/1'],
    ['GET', '/api/my_orders'],
  ] as const)(
    '%s %s answers 401 anonymous, before reading the body, and no-store',
    async (method, url) => {
      const response = await ctx.app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject(NOT_AUTHENTICATED);
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it('say why a sent token was refused, and answer a signed-in account with no-store', async () => {
    const refused = await ctx.app.inject({
      url: '/api/users/profile',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'invalid_token' });
    const user = await createUser(ctx.database);
    const headers = bearerHeader((await signIn(ctx.app, user)).access_token);
    const own = await ctx.app.inject({ url: '/api/users/profile', headers });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
  });

  it('leave the public routes beside them public', async () => {
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { user: {} },
    });
    expect(register.statusCode).toBe(422);
    const link = await ctx.app.inject({
      method: 'POST',
      url: '/api/email_verifications',
      payload: { token: 'x'.repeat(43) },
    });
    expect(link.statusCode).toBe(422);
  });
});

describe('privateScope', () => {
  it('is made a plugin without reading an Error stack', async () => {
    // The production server runs with --enable-source-maps: a stack read while the server's chunk
    // loads made node parse that chunk's whole source map and keep it (16 MB resident).
    vi.resetModules();
    const original = Error.prepareStackTrace;
    let stacksRead = 0;
    Error.prepareStackTrace = (error, sites) => {
      stacksRead += 1;
      return original ? (original(error, sites) as unknown) : String(error);
    };
    try {
      const loaded = await import('./private-scope.ts');
      expect(loaded.privateScope).toBeTypeOf('function');
    } finally {
      Error.prepareStackTrace = original;
    }
    expect(stacksRead).toBe(0);
  });

  it('guards only the scope that registers it; an admin scope answers 403 to a customer', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    await app.register(authenticate, {
      tokens: ctx.app.services.tokens,
      roleOf: (userId) => ctx.app.services.users.roleOf(userId),
      securityLog: ctx.app.services.securityLog,
    });
    await app.register((scope, _options, next) => {
      void scope.register(privateScope, { access: 'admin', permission: 'settings' });
      scope.get('/admin-only', () => ({ ok: true }));
      next();
    });
    app.get('/public', () => ({ ok: true }));
    await app.ready();

    const customer = await createUser(ctx.database);
    const admin = await createUser(ctx.database, { role: 'admin' });
    const as = async (user?: { id: number; role: 'customer' | 'admin' }) =>
      app.inject({
        url: '/admin-only',
        headers: user ? bearerHeader((await signIn(ctx.app, user)).access_token) : {},
      });
    expect((await as()).statusCode).toBe(401);
    const forbidden = await as(customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({
      message: 'Acesso restrito a administradores.',
      code: 'admin_only',
    });
    expect(forbidden.headers['cache-control']).toBe('no-store');
    expect((await as(admin)).statusCode).toBe(200);

    const operator = await createUser(ctx.database, { role: 'admin', staffRole: 'operator' });
    const denied = await as(operator);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({
      message: 'Seu perfil não tem acesso a esta área.',
      code: 'permission_denied',
    });
    expect(denied.headers['cache-control']).toBe('no-store');
    const [logged] = await ctx.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.type, 'admin_permission_denied'));
    expect(logged).toMatchObject({
      severity: 'warning',
      userId: operator.id,
      ip: '127.0.0.1',
      message: 'Acesso negado: o perfil Operador não tem a permissão settings',
      metadata: { permission: 'settings', staff_role: 'operator', path: '/admin-only' },
    });
    const open = await app.inject({ url: '/public' });
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBeUndefined();
    await app.close();
  });
});
