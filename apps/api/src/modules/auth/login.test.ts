import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { securityLogs } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import {
  type ErrorJson,
  registerThroughApi,
  type SessionJson,
  TEST_PASSWORD,
  truncateAccounts,
} from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { AUTH_LIMITS } from './auth-limits.ts';

const START = new Date('2030-01-10T10:00:00Z');
let clock = START;
let captchaAnswer = 'K7M4P';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock, captchaAnswer: () => captchaAnswer });
});

beforeEach(async () => {
  clock = START;
  await truncateAccounts(ctx.database);
  await registerThroughApi(ctx.app, { email: 'ana@example.com' });
});

afterAll(async () => {
  await ctx?.close();
});

function advance(ms: number): void {
  clock = new Date(clock.getTime() + ms);
}

function login(payload: Record<string, unknown>, remoteAddress = '203.0.113.20') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload,
    headers: { 'user-agent': 'vitest-login' },
    remoteAddress,
  });
}

async function newCaptcha(answer: string): Promise<string> {
  captchaAnswer = answer;
  const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/captcha' });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ captcha_id: string; image: string }>();
  expect(body.image).toMatch(/^data:image\/svg\+xml;base64,/);
  return body.captcha_id;
}

async function logTypes(): Promise<string[]> {
  const rows = await ctx.database.db.select().from(securityLogs).orderBy(securityLogs.id);
  return rows.map((row) => row.type);
}

async function failTimes(count: number, email = 'ana@example.com') {
  for (let i = 0; i < count; i += 1) {
    const response = await login({ email, password: 'Errada123' });
    expect(response.statusCode).toBe(401);
  }
}

describe('POST /api/auth/login', () => {
  it('answers the user and both tokens, and sets the refresh cookie', async () => {
    const response = await login({ email: '  ANA@example.com', password: TEST_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<SessionJson>();
    expect(body).toMatchObject({
      user: { email: 'ana@example.com', role: 'customer' },
      cart_migrated: false,
      cart_items_count: 0,
    });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(response.cookies.find((c) => c.name === 'lumina_refresh')?.value).toBe(
      body.refresh_token,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const [log] = await ctx.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.type, 'login_success'));
    expect(log).toMatchObject({
      severity: 'info',
      userId: body.user.id,
      ip: '203.0.113.20',
      userAgent: 'vitest-login',
    });
  });

  it('gives a wrong password and an unknown e-mail the same answer', async () => {
    const wrong = await login({ email: 'ana@example.com', password: 'Errada123' });
    const unknown = await login({ email: 'ninguem@example.com', password: 'Errada123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json<ErrorJson>().message).toBe('Email ou senha inválidos');
    expect(await logTypes()).toEqual(['user_registered', 'login_failed', 'login_failed']);
  });

  it('takes about as long for an unknown e-mail as for a wrong password', async () => {
    // Below the captcha threshold (5 failures per e-mail), so every attempt checks a password.
    async function median(email: (i: number) => string): Promise<number> {
      const times: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const started = performance.now();
        await login({ email: email(i), password: `Errada12${i}` }, `203.0.113.${100 + i}`);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[2] ?? 0;
    }
    // Both pay one argon2id check (about 20 ms or more); a skipped hash would be ~1 ms.
    await median((i) => `aquecimento${i}@example.com`);
    const known = await median(() => 'ana@example.com');
    const unknown = await median((i) => `ninguem${i}@example.com`);
    expect(unknown / known).toBeGreaterThan(0.4);
    expect(unknown / known).toBeLessThan(2.5);
  });

  it('refuses a password login on an account that only signs in with Google', async () => {
    await ctx.database.db
      .update(users)
      .set({ passwordHash: null, googleSub: 'google-123' })
      .where(eq(users.email, 'ana@example.com'));
    const response = await login({ email: 'ana@example.com', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorJson>().message).toBe('Email ou senha inválidos');
  });

  it.each([
    [{ email: 'ana', password: 'x' }, 'Email inválido'],
    [{ email: 'ana@example.com', password: '' }, 'Senha é obrigatória'],
    [{ email: 'ana@example.com' }, 'Senha é obrigatória'],
    [{ password: 'x' }, 'Email é obrigatório'],
    [{ email: ['ana@example.com'], password: 'x' }, 'Email é obrigatório'],
    [{ email: 'ana@example.com', password: { $gt: '' } }, 'Senha é obrigatória'],
  ])('refuses %j with a pt-BR message', async (payload, message) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorJson>().message).toBe(message);
  });

  it('refuses a 10 kB password without hashing it', async () => {
    const response = await login({ email: 'ana@example.com', password: 'A'.repeat(10_000) });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorJson>().message).toBe('Email ou senha inválidos');
  });
});

describe('captcha after 5 failed logins in 15 minutes', () => {
  it('asks for the captcha, then accepts the right answer once', async () => {
    await failTimes(AUTH_LIMITS.captchaAfterFailures.max);
    expect((await logTypes()).filter((type) => type === 'account_locked')).toHaveLength(1);

    // Even the right password now needs the captcha.
    const blocked = await login({ email: 'ana@example.com', password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      message: 'Muitas tentativas. Resolva o captcha para continuar.',
      captcha_required: true,
      code: 'captcha_required',
    });

    const wrongId = await newCaptcha('ACEFH');
    const wrong = await login({
      email: 'ana@example.com',
      password: TEST_PASSWORD,
      captcha_token: `${wrongId}:HFECA`,
    });
    expect(wrong.statusCode).toBe(429);
    expect(wrong.json()).toMatchObject({ captcha_required: true, code: 'captcha_invalid' });
    // A failed answer spends the challenge: the right answer no longer works on it.
    const spent = await login({
      email: 'ana@example.com',
      password: TEST_PASSWORD,
      captcha_token: `${wrongId}:ACEFH`,
    });
    expect(spent.json<ErrorJson>().code).toBe('captcha_invalid');

    const id = await newCaptcha('H7K2M');
    const solved = await login({
      email: 'ana@example.com',
      password: TEST_PASSWORD,
      captcha_token: `${id}: h7k2m `,
    });
    expect(solved.statusCode, solved.body).toBe(200);

    // A success clears the failures: no captcha for the next login.
    const next = await login({ email: 'ana@example.com', password: TEST_PASSWORD });
    expect(next.statusCode).toBe(200);
  });

  it('does not accept the same captcha twice', async () => {
    await failTimes(5);
    const id = await newCaptcha('PRT34');
    const first = await login({
      email: 'ana@example.com',
      password: 'Errada123',
      captcha_token: `${id}:PRT34`,
    });
    expect(first.statusCode).toBe(401);
    const again = await login({
      email: 'ana@example.com',
      password: TEST_PASSWORD,
      captcha_token: `${id}:PRT34`,
    });
    expect(again.json()).toMatchObject({ captcha_required: true, code: 'captcha_invalid' });
  });

  it('lets a captcha expire after 5 minutes', async () => {
    await failTimes(5);
    const id = await newCaptcha('WXY23');
    advance(5 * 60 * 1000 + 1);
    const late = await login({
      email: 'ana@example.com',
      password: TEST_PASSWORD,
      captcha_token: `${id}:WXY23`,
    });
    expect(late.json<ErrorJson>().code).toBe('captcha_invalid');
  });

  it.each(['', 'nonsense', 'not-a-uuid:ABCDE', '00000000-0000-0000-0000-000000000000:ABCDE'])(
    'treats the token %j as a wrong answer',
    async (token) => {
      await failTimes(5);
      const response = await login({
        email: 'ana@example.com',
        password: TEST_PASSWORD,
        captcha_token: token,
      });
      expect(response.statusCode).toBe(429);
      expect(response.json<ErrorJson>().captcha_required).toBe(true);
    },
  );

  it('forgets the failures after 15 minutes', async () => {
    await failTimes(5);
    advance(15 * 60 * 1000 + 1);
    const response = await login({ email: 'ana@example.com', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('asks for it on an unknown e-mail too, so it reveals no account', async () => {
    await failTimes(5, 'ninguem@example.com');
    const response = await login({ email: 'ninguem@example.com', password: 'Errada123' });
    expect(response.json<ErrorJson>().captcha_required).toBe(true);
    // The real account is not affected.
    expect((await login({ email: 'ana@example.com', password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
  });
});

describe('throttling', () => {
  it('limits login attempts per IP with a 429 in pt-BR, for a while', async () => {
    for (let i = 0; i < AUTH_LIMITS.loginPerIp.max; i += 1) {
      // Different e-mails, so no account reaches the captcha.
      const response = await login({ email: `pessoa${i}@example.com`, password: 'x' }, '192.0.2.5');
      expect(response.statusCode).toBe(401);
    }
    const refused = await login({ email: 'ana@example.com', password: TEST_PASSWORD }, '192.0.2.5');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorJson>().message).toBe(
      'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
    );
    const elsewhere = await login({ email: 'ana@example.com', password: TEST_PASSWORD });
    expect(elsewhere.statusCode).toBe(200);

    advance(AUTH_LIMITS.loginPerIp.windowMs + 1);
    const later = await login({ email: 'ana@example.com', password: TEST_PASSWORD }, '192.0.2.5');
    expect(later.statusCode).toBe(200);
  });

  it('limits the captcha pictures one IP can ask for', async () => {
    for (let i = 0; i < AUTH_LIMITS.captchaPerIp.max; i += 1) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/captcha',
        remoteAddress: '192.0.2.9',
      });
      expect(response.statusCode).toBe(200);
    }
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/captcha',
      remoteAddress: '192.0.2.9',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorJson>().message).toMatch(/^Muitos pedidos de captcha/);
  });
});
