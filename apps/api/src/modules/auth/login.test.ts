import { randomUUID } from 'node:crypto';
import { createChallenge, type Solution, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captchaChallenges, securityLogs } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import {
  captchaToken,
  type ErrorJson,
  registerThroughApi,
  type SessionJson,
  solveCaptcha,
  TEST_PASSWORD,
  truncateAccounts,
} from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { AUTH_LIMITS } from './auth-limits.ts';
import type { CaptchaChallenge } from './captcha.ts';

type Solved = Awaited<ReturnType<typeof solveCaptcha>>;

const START = new Date('2030-01-10T10:00:00Z');
let clock = START;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
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
    async function timed(email: string, i: number): Promise<number> {
      const started = performance.now();
      await login({ email, password: `Errada12${i}` }, `203.0.113.${100 + i}`);
      return performance.now() - started;
    }
    const middle = (times: number[]) => times.sort((a, b) => a - b)[2] ?? 0;
    await timed('aquecimento@example.com', 9);
    // Known and unknown take turns, so load from the other test workers on the same cores
    // falls on both alike instead of on whichever ran second.
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      knownTimes.push(await timed('ana@example.com', i));
      unknownTimes.push(await timed(`ninguem${i}@example.com`, i));
    }
    // Both pay one argon2id check (about 20 ms or more); a skipped hash would be ~1 ms.
    const known = middle(knownTimes);
    const unknown = middle(unknownTimes);
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
  it('asks for the captcha, then lets a solved challenge through', async () => {
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

    const { token } = await solveCaptcha(ctx.app);
    const solved = await login({
      email: 'ana@example.com',
      password: TEST_PASSWORD,
      captcha_token: token,
    });
    expect(solved.statusCode, solved.body).toBe(200);

    // A success clears the failures: no captcha for the next login.
    const next = await login({ email: 'ana@example.com', password: TEST_PASSWORD });
    expect(next.statusCode).toBe(200);
  });

  it('serves a signed ALTCHA challenge that expires in 5 minutes, uncached', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/captcha' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { parameters, signature } = response.json<CaptchaChallenge>();
    expect(parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1000,
      expiresAt: Math.floor(START.getTime() / 1000) + 5 * 60,
    });
    expect(parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    const rows = await ctx.database.db
      .select()
      .from(captchaChallenges)
      .where(eq(captchaChallenges.id, parameters.data.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.usedAt).toBeNull();
  });

  it('captcha replay refused: a solution works once', async () => {
    await failTimes(5);
    const { token } = await solveCaptcha(ctx.app);
    // The captcha passes, the password does not: the solution is spent all the same.
    const first = await login({
      email: 'ana@example.com',
      password: 'Errada123',
      captcha_token: token,
    });
    expect(first.json<ErrorJson>().code).toBe('invalid_credentials');
    const again = await login({
      email: 'ana@example.com',
      password: TEST_PASSWORD,
      captcha_token: token,
    });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ captcha_required: true, code: 'captcha_invalid' });
  });

  it('captcha replay refused: of two attempts at once with one solution, one gets in', async () => {
    await failTimes(5);
    const { token } = await solveCaptcha(ctx.app);
    const payload = { email: 'ana@example.com', password: TEST_PASSWORD, captcha_token: token };
    const answers = await Promise.all([login(payload), login(payload)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429]);
    expect(answers.find((answer) => answer.statusCode === 429)?.json<ErrorJson>().code).toBe(
      'captcha_invalid',
    );
  });

  it('lets a captcha expire after 5 minutes', async () => {
    await failTimes(5);
    const { token } = await solveCaptcha(ctx.app);
    advance(5 * 60 * 1000 + 1);
    const late = await login({
      email: 'ana@example.com',
      password: TEST_PASSWORD,
      captcha_token: token,
    });
    expect(late.statusCode).toBe(429);
    expect(late.json<ErrorJson>().code).toBe('captcha_invalid');
  });

  it.each<[string, (captcha: Solved, other: Solved) => string]>([
    [
      "another challenge's solution",
      ({ challenge }, other) => captchaToken(challenge, other.solution),
    ],
    [
      'a wrong derived key',
      ({ challenge, solution }) =>
        captchaToken(challenge, { ...solution, derivedKey: 'ab'.repeat(32) }),
    ],
    [
      'an easier cost',
      ({ challenge, solution }) =>
        captchaToken({ ...challenge, parameters: { ...challenge.parameters, cost: 1 } }, solution),
    ],
    [
      'a later expiry',
      ({ challenge, solution }) =>
        captchaToken(
          {
            ...challenge,
            parameters: {
              ...challenge.parameters,
              expiresAt: challenge.parameters.expiresAt + 3600,
            },
          },
          solution,
        ),
    ],
    [
      "another challenge's id (already spent)",
      ({ challenge, solution }, other) =>
        captchaToken(
          {
            ...challenge,
            parameters: { ...challenge.parameters, data: other.challenge.parameters.data },
          },
          solution,
        ),
    ],
    [
      'a signature of its own',
      ({ challenge, solution }) =>
        captchaToken({ ...challenge, signature: 'ab'.repeat(32) }, solution),
    ],
  ])('refuses a tampered payload: %s', async (_, tamper) => {
    await failTimes(5);
    const other = await solveCaptcha(ctx.app);
    const spent = await login({
      email: 'ana@example.com',
      password: 'Errada123',
      captcha_token: other.token,
    });
    expect(spent.json<ErrorJson>().code).toBe('invalid_credentials');

    const captcha = await solveCaptcha(ctx.app);
    const tampered = await login({
      email: 'ana@example.com',
      password: TEST_PASSWORD,
      captcha_token: tamper(captcha, other),
    });
    expect(tampered.statusCode).toBe(429);
    expect(tampered.json<ErrorJson>().code).toBe('captcha_invalid');
    // The untouched solution still works: tampering did not spend it.
    const honest = await login({
      email: 'ana@example.com',
      password: TEST_PASSWORD,
      captcha_token: captcha.token,
    });
    expect(honest.statusCode, honest.body).toBe(200);
  });

  it('refuses a challenge signed with another key', async () => {
    await failTimes(5);
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      counter: 1,
      deriveKey,
      data: { id: randomUUID() },
      expiresAt: new Date(Date.now() + 60_000),
      hmacSignatureSecret: 'not-the-servers-secret',
      hmacKeySignatureSecret: 'nor-this-one',
    });
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution).not.toBeNull();
    const forged = await login({
      email: 'ana@example.com',
      password: TEST_PASSWORD,
      captcha_token: captchaToken(challenge as CaptchaChallenge, solution as Solution),
    });
    expect(forged.json<ErrorJson>().code).toBe('captcha_invalid');
  });

  it.each([
    ['empty', ''],
    ['not base64', 'nonsense, not base64 at all!'],
    ['an empty object', Buffer.from('{}').toString('base64')],
    ['null', Buffer.from('null').toString('base64')],
    ['an array', Buffer.from('[1,2,3]').toString('base64')],
    [
      'empty parts',
      Buffer.from('{"challenge":{"parameters":{}},"solution":{}}').toString('base64'),
    ],
    [
      "the widget's test mode",
      Buffer.from('{"challenge":null,"solution":null,"test":true}').toString('base64'),
    ],
    ['the old image answer', '00000000-0000-0000-0000-000000000000:ABCDE'],
    ['2048 characters of noise', 'x'.repeat(2048)],
  ])('treats a token (%s) as an unsolved captcha, never a 5xx', async (_, token) => {
    await failTimes(5);
    const response = await login({
      email: 'ana@example.com',
      password: TEST_PASSWORD,
      captcha_token: token,
    });
    expect(response.statusCode).toBe(429);
    expect(response.json<ErrorJson>().captcha_required).toBe(true);
  });

  it('refuses an overlong token with a 422 in pt-BR', async () => {
    const response = await login({
      email: 'ana@example.com',
      password: TEST_PASSWORD,
      captcha_token: 'x'.repeat(2049),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorJson>().message).toMatch(/[a-zà-ú]/i);
  });
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

  it('limits the captcha challenges one IP can ask for', async () => {
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
