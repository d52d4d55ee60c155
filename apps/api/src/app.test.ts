import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/test-app.ts';
import { changeRole } from './modules/users/admin.ts';
import { bearerHeader, createUser, signIn } from './test/user-builder.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_MAX: '3' } });
});

afterAll(async () => {
  await ctx?.close();
});

describe('buildApp', () => {
  it('answers with a request id, echoing a sane incoming one', async () => {
    const fresh = await ctx.app.inject('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await ctx.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'proxy-42' },
      remoteAddress: '198.51.100.9',
    });
    expect(echoed.headers['x-request-id']).toBe('proxy-42');
  });

  it('sends the security headers on API answers too', async () => {
    const response = await ctx.app.inject({ url: '/api/health', remoteAddress: '198.51.100.10' });
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
    });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('limits requests per address with a pt-BR 429', async () => {
    const from = (remoteAddress: string) => ctx.app.inject({ url: '/api/products', remoteAddress });
    for (let i = 0; i < 3; i += 1) expect((await from('203.0.113.50')).statusCode).toBe(200);
    const limited = await from('203.0.113.50');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      message: 'Muitas requisições. Aguarde um momento e tente novamente.',
    });
    expect((await from('203.0.113.51')).statusCode).toBe(200);
  });
});

describe('API documentation', () => {
  it('is open in development and tests', async () => {
    expect(
      (await ctx.app.inject({ url: '/api/docs/json', remoteAddress: '203.0.113.60' })).statusCode,
    ).toBe(200);
  });

  it('is served to administrators only in production', async () => {
    const production = await createTestContext({ env: { NODE_ENV: 'production' } });
    try {
      const docs = (headers: Record<string, string> = {}) =>
        production.app.inject({ url: '/api/docs/json', headers });
      expect((await docs()).statusCode).toBe(401);
      expect((await docs({ accept: 'text/html' })).statusCode).toBe(401);
      const customer = await createUser(production.database);
      const customerToken = (await signIn(production.app, customer)).access_token;
      expect((await docs(bearerHeader(customerToken))).statusCode).toBe(403);
      const admin = await createUser(production.database, { role: 'admin' });
      const adminToken = (await signIn(production.app, admin)).access_token;
      const allowed = await docs(bearerHeader(adminToken));
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json<{ paths: object }>().paths).toHaveProperty(['/api/admin/orders']);
      // The Swagger UI page is behind the same door as its JSON.
      const ui = (headers: Record<string, string> = {}) =>
        production.app.inject({ url: '/api/docs/', headers: { accept: 'text/html', ...headers } });
      expect((await ui()).statusCode).toBe(401);
      expect((await ui(bearerHeader(customerToken))).statusCode).toBe(403);
      expect((await ui(bearerHeader(adminToken))).statusCode).toBe(200);

      // The panel's new tab: a cookie bound to /api/docs, given to administrators only.
      const session = (headers: Record<string, string>) =>
        production.app.inject({ method: 'POST', url: '/api/admin/docs_session', headers });
      expect((await session(bearerHeader(customerToken))).statusCode).toBe(403);
      const given = await session(bearerHeader(adminToken));
      expect(given.statusCode).toBe(200);
      const cookie = given.cookies.find((c) => c.name === 'lumina_docs');
      expect(cookie).toMatchObject({ path: '/api/docs', httpOnly: true, sameSite: 'Strict' });
      const withCookie = { cookie: `lumina_docs=${cookie?.value ?? ''}` };
      expect((await ui(withCookie)).statusCode).toBe(200);
      expect((await docs(withCookie)).statusCode).toBe(200);
      expect((await docs({ cookie: 'lumina_docs=forged.token.value' })).statusCode).toBe(401);
      // A customer's token in that cookie opens nothing.
      expect((await docs({ cookie: `lumina_docs=${customerToken}` })).statusCode).toBe(403);

      // A demoted administrator loses it at once: the role change ended the token's login.
      await changeRole(production.database, { userId: admin.id, role: 'customer', source: 'test' });
      expect((await docs(bearerHeader(adminToken))).statusCode).toBe(401);
      expect((await docs(withCookie)).statusCode).toBe(401);
    } finally {
      await production.close();
    }
  });
});
