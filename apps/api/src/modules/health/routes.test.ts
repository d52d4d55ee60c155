import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { HEALTH_TIMEOUT_MS } from './routes.ts';

let ctx: TestContext | undefined;

afterEach(async () => {
  await ctx?.app.close();
});

describe('GET /api/health', () => {
  it('answers ok while the database answers', async () => {
    ctx = await createTestContext();
    const response = await ctx.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', sandbox: true });
    await ctx.database.close();
  });

  it('says whether payments are simulated', async () => {
    ctx = await createTestContext({ env: { PIX_KEY: 'loja@example.com' } });
    expect((await ctx.app.inject('/api/health')).json()).toMatchObject({ sandbox: false });
    await ctx.database.close();
  });

  it('answers 503 when the database is gone, and other calls a 500 without internals', async () => {
    ctx = await createTestContext();
    await ctx.database.close();

    const health = await ctx.app.inject('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'error', database: 'unavailable', sandbox: true });

    const products = await ctx.app.inject('/api/products');
    expect(products.statusCode).toBe(500);
    expect(products.json()).toEqual({
      type: 'unexpected',
      code: 'internal_error',
      message: 'Erro interno do servidor. Tente novamente mais tarde.',
    });
  });
});

describe('GET /api/health with a database that hangs', () => {
  it('gives up after the timeout with 503', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', NODE_ENV: 'test' }),
      // A server that accepted the connection but never answers.
      database: { db: database.db, ping: () => new Promise<void>(() => undefined) },
    });
    try {
      const started = Date.now();
      const response = await app.inject('/api/health');
      expect(response.statusCode).toBe(503);
      expect(Date.now() - started).toBeGreaterThanOrEqual(HEALTH_TIMEOUT_MS - 50);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
