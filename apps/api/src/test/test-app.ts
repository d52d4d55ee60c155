import { type App, type AppDeps, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestContext {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/**
 * The real application on a real database, driven with `app.inject`. No web build (so page
 * fallbacks are off unless a test passes WEB_DIST_DIR), no global rate limit, no catalogue
 * cache: tests change the catalogue between requests and must see it at once.
 */
export async function createTestContext(
  options: {
    env?: Record<string, string>;
    catalogCacheTtlMs?: number;
    now?: AppDeps['now'];
    captchaMaxNumber?: AppDeps['captchaMaxNumber'];
    loginDelay?: AppDeps['loginDelay'];
    jobs?: AppDeps['jobs'];
    testLoopbackPorts?: AppDeps['testLoopbackPorts'];
    promotionRules?: AppDeps['promotionRules'];
    melhorEnvio?: AppDeps['melhorEnvio'];
    invoiceProvider?: AppDeps['invoiceProvider'];
    onRoute?: AppDeps['onRoute'];
    /** A database the test opened itself (closed with the context); default: a fresh copy. */
    database?: Database;
  } = {},
): Promise<TestContext> {
  const database = options.database ?? (await openTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent/lumina-web-dist',
    RATE_LIMIT_MAX: '0',
    PAGE_RATE_LIMIT_MAX: '0',
    // Tests sign with a fixed secret instead of creating DATA_DIR/jwt-secret in the repository.
    JWT_SECRET: 'test-only-jwt-secret-0123456789abcdef',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    catalogCacheTtlMs: options.catalogCacheTtlMs ?? 0,
    now: options.now,
    // Captchas any test can solve in a few milliseconds (the default takes a phone a second).
    captchaMaxNumber: options.captchaMaxNumber ?? 10,
    loginDelay: options.loginDelay,
    jobs: options.jobs,
    testLoopbackPorts: options.testLoopbackPorts,
    promotionRules: options.promotionRules,
    melhorEnvio: options.melhorEnvio,
    invoiceProvider: options.invoiceProvider,
    onRoute: options.onRoute,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
