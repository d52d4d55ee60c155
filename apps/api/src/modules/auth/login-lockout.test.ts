// Throttling that cannot be turned against the account's owner: failures count per
// account and source (an IPv4 address, an IPv6 /64), a burst in parallel is counted one by one,
// and an attack from everywhere slows the failing sources while the owner logs in at once.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows.ts';
import { securityLogs } from '../../db/schema/security.ts';
import {
  type ErrorJson,
  registerThroughApi,
  TEST_PASSWORD,
  truncateAccounts,
} from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { AUTH_LIMITS, LOGIN_DELAY_MAX_MS } from './auth-limits.ts';

let ctx: TestContext;
const delays: number[] = [];

beforeAll(async () => {
  // Behind a proxy, as a real shop is: the client address comes from X-Forwarded-For.
  ctx = await createTestContext({
    env: { TRUST_PROXY: '1' },
    loginDelay: (ms) => {
      delays.push(ms);
      return Promise.resolve();
    },
  });
});

beforeEach(async () => {
  delays.length = 0;
  await truncateAccounts(ctx.database);
  await registerThroughApi(ctx.app, { email: 'ana@example.com' });
});

afterAll(async () => {
  await ctx?.close();
});

function login(from: string, password: string, email = 'ana@example.com') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { 'x-forwarded-for': from },
    remoteAddress: '10.0.0.1',
  });
}

async function failedLogins(): Promise<number> {
  const rows = await ctx.database.db
    .select({ id: securityLogs.id })
    .from(securityLogs)
    .where(eq(securityLogs.type, 'login_failed'));
  return rows.length;
}

describe('an attacker cannot lock the owner out', () => {
  it("asks the attacker's source for the captcha, not the owner's", async () => {
    for (let i = 0; i < AUTH_LIMITS.captchaAfterFailures.max; i += 1) {
      expect((await login('198.51.100.66', `Errada${i}23`)).statusCode).toBe(401);
    }
    const attacker = await login('198.51.100.66', TEST_PASSWORD);
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json<ErrorJson>().code).toBe('captcha_required');

    const owner = await login('203.0.113.10', TEST_PASSWORD);
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('counts an IPv6 network (/64) as one source', async () => {
    for (let i = 0; i < AUTH_LIMITS.captchaAfterFailures.max; i += 1) {
      await login(`2001:db8:1:2::${(i + 1).toString(16)}`, `Errada${i}23`);
    }
    const sameNetwork = await login('2001:db8:1:2:ffff::9', TEST_PASSWORD);
    expect(sameNetwork.json<ErrorJson>().code).toBe('captcha_required');
    expect((await login('2001:db8:1:3::1', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('slows the failing sources of an attack from everywhere, and lets the owner in at once', async () => {
    const ceiling = AUTH_LIMITS.accountFailureCeiling.max;
    // 4 failures from each of many addresses: none needs the captcha on its own.
    for (let i = 0; i < ceiling + 8; i += 1) {
      const from = `198.51.100.${10 + Math.floor(i / 4)}`;
      expect((await login(from, `Errada${i}23`)).statusCode).toBe(401);
    }
    expect(delays.length).toBeGreaterThan(0);
    // Each failure past the ceiling costs a failing source more, up to the cap.
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(Math.max(...delays)).toBeLessThanOrEqual(LOGIN_DELAY_MAX_MS);
    expect(Math.max(...delays)).toBeGreaterThan(Math.min(...delays));

    delays.length = 0;
    const owner = await login('203.0.113.10', TEST_PASSWORD);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(delays).toEqual([]);
  });

  it('counts a parallel burst one by one: only 5 passwords are tried before the captcha', async () => {
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login('198.51.100.77', `Errada${i}23`)),
    );
    const codes = burst.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(AUTH_LIMITS.captchaAfterFailures.max);
    expect(codes.filter((code) => code === 429)).toHaveLength(
      20 - AUTH_LIMITS.captchaAfterFailures.max,
    );
    expect(await failedLogins()).toBe(AUTH_LIMITS.captchaAfterFailures.max);
  });

  it('keeps the per-source limit on every attempt, right or wrong, across a burst', async () => {
    const max = AUTH_LIMITS.loginPerIp.max;
    const burst = await Promise.all(
      Array.from({ length: max + 10 }, (_, i) =>
        login('198.51.100.88', TEST_PASSWORD, `pessoa${i}@example.com`),
      ),
    );
    const throttled = burst.filter((response) => response.json<ErrorJson>().code === 'throttled');
    expect(throttled).toHaveLength(10);
    const counted = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from throttle_events where key = 'login:ip:198.51.100.88'`,
      ),
    );
    expect(counted[0]?.n).toBe(max + 10);
  });
});
