import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { securityLogs } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import {
  startTestOidcProvider,
  TEST_CLIENT,
  type TestOidcProvider,
} from '../../integrations/google/test-oidc-provider.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser } from '../../test/user-builder.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { LOGIN_CODE_COOKIE, PENDING_COOKIE } from './cookies.ts';
import { GOOGLE_EXCHANGE_MESSAGES, LOGIN_CODE_TTL_SECONDS } from './service.ts';
import { EMAIL_VERIFICATION_MESSAGES } from '@lumina/shared/users/email-verification';

const CALLBACK = 'http://localhost:3000/api/auth/google/callback';

let provider: TestOidcProvider;
let ctx: TestContext;
let clockOffsetMs = 0;

beforeAll(async () => {
  provider = await startTestOidcProvider();
  ctx = await createTestContext({
    env: {
      GOOGLE_ISSUER_URL: provider.issuerUrl,
      GOOGLE_CLIENT_ID: TEST_CLIENT.id,
      GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
      GOOGLE_REDIRECT_URL: CALLBACK,
    },
    now: () => new Date(Date.now() + clockOffsetMs),
  });
});

afterAll(async () => {
  await ctx?.close();
  await provider?.close();
});

beforeEach(() => {
  clockOffsetMs = 0;
});

let accountSequence = 0;
function googleAccount(
  overrides: { email?: string; email_verified?: boolean; name?: string; sub?: string } = {},
) {
  accountSequence += 1;
  return {
    sub: `google-${accountSequence}`,
    email: `google${accountSequence}@gmail.com`,
    email_verified: true,
    name: 'Carla Dias',
    ...overrides,
  };
}

function cookie(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((c) => c.name === name);
}

/** Browser steps 1 and 2: our redirect to the provider, and the provider's back to us. */
async function authorize(app = ctx.app) {
  const start = await app.inject({ method: 'GET', url: '/api/auth/google' });
  expect(start.statusCode).toBe(302);
  const pending = cookie(start, PENDING_COOKIE);
  if (!pending) throw new Error(`no pending cookie; went to ${start.headers.location}`);
  const atProvider = await fetch(start.headers.location!, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(CALLBACK);
  return { start, pending: pending.value, callbackPath: `${back.pathname}${back.search}` };
}

function callback(path: string, pendingCookie?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: path,
    cookies: pendingCookie ? { [PENDING_COOKIE]: pendingCookie } : {},
  });
}

function exchange(code?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/google/exchange',
    cookies: code ? { [LOGIN_CODE_COOKIE]: code } : {},
  });
}

/** The whole round trip up to the browser landing on /?login=success; answers the code cookie. */
async function signInWithGoogle() {
  const { pending, callbackPath } = await authorize();
  const landed = await callback(callbackPath, pending);
  expect(landed.headers.location).toBe('/?login=success');
  const code = cookie(landed, LOGIN_CODE_COOKIE);
  if (!code) throw new Error('no login code cookie');
  return code.value;
}

interface LoginJson {
  user: { id: number; email: string; name: string; google_linked: boolean; has_password: boolean };
  access_token: string;
  refresh_token: string;
  cart_migrated: boolean;
  cart_items_count: number;
}

describe('Google sign-in', () => {
  it('says it is available', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ google: true });
  });

  it('redirects to the provider with state, nonce and PKCE kept in a signed httpOnly cookie', async () => {
    const { start, pending } = await authorize();
    const location = new URL(start.headers.location!);
    expect(location.origin).toBe(provider.issuerUrl);
    expect(location.searchParams.get('client_id')).toBe(TEST_CLIENT.id);
    expect(location.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(location.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    // The verifier stays on our side: only its hash travels.
    expect(pending).not.toContain(location.searchParams.get('code_challenge'));
    expect(cookie(start, PENDING_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth/google',
      maxAge: 600,
    });
  });

  it('creates an account for a new person and logs them in through the one-time code', async () => {
    const account = googleAccount({ name: '  Carla   Dias ' });
    provider.signInAs(account);
    const { pending, callbackPath } = await authorize();

    const landed = await callback(callbackPath, pending);
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toBe('/?login=success');
    const codeCookie = cookie(landed, LOGIN_CODE_COOKIE);
    expect(codeCookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth/google/exchange',
      maxAge: LOGIN_CODE_TTL_SECONDS,
    });
    // The pending sign-in is spent.
    expect(cookie(landed, PENDING_COOKIE)?.value).toBe('');

    const response = await exchange(codeCookie!.value);
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginJson>();
    expect(body).toMatchObject({
      user: { email: account.email, name: 'Carla Dias', google_linked: true, has_password: false },
      cart_migrated: false,
      cart_items_count: 0,
    });
    expect(cookie(response, LOGIN_CODE_COOKIE)?.value).toBe('');
    expect(cookie(response, 'lumina_refresh')?.value).toBe(body.refresh_token);

    // A real session: the access token opens the account's own routes.
    const own = await ctx.app.inject({
      method: 'GET',
      url: '/api/addresses',
      headers: bearerHeader(body.access_token),
    });
    expect(own.statusCode).toBe(200);

    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row).toMatchObject({ googleSub: account.sub, passwordHash: null, role: 'customer' });
    expect(row?.emailVerifiedAt).not.toBeNull();
    const logs = await ctx.database.db
      .select({ type: securityLogs.type })
      .from(securityLogs)
      .where(eq(securityLogs.userId, body.user.id));
    expect(logs.map((log) => log.type).sort()).toEqual(['login_success', 'user_registered']);
  });

  it('links to the existing verified account with that e-mail, keeping its password', async () => {
    const existing = await createUser(ctx.database, {
      email: 'ana.link@example.com',
      password: 'Segura123',
      emailVerifiedAt: new Date(),
    });
    provider.signInAs(googleAccount({ email: 'Ana.Link@Example.com' }));
    const body = (await exchange(await signInWithGoogle())).json<LoginJson>();
    expect(body.user).toMatchObject({ id: existing.id, google_linked: true, has_password: true });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(await verifyPassword(row!.passwordHash!, 'Segura123')).toBe(true);
    expect(row?.name).toBe(existing.name);
  });

  it('takes an unverified account with that e-mail from whoever created it: password and sessions revoked, the person told', async () => {
    // An attacker registered the victim's address first and kept a session and the password.
    const squat = await createUser(ctx.database, {
      email: 'vitima@example.com',
      password: 'Segura123',
      pendingEmail: 'atacante@example.com',
    });
    const squatterSession = await ctx.app.services.tokens.issueSession(
      { id: squat.id, role: squat.role },
      { ip: '203.0.113.66', userAgent: 'attacker' },
    );
    const before = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearerHeader(squatterSession.access_token),
    });
    expect(before.statusCode).toBe(200);

    provider.signInAs(googleAccount({ email: 'vitima@example.com' }));
    const answer = await exchange(await signInWithGoogle());
    expect(answer.statusCode).toBe(200);
    const body = answer.json<LoginJson & { notice?: string }>();
    expect(body.user).toMatchObject({ id: squat.id, google_linked: true, has_password: false });
    expect(body.notice).toBe(EMAIL_VERIFICATION_MESSAGES.squatterRevoked);

    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, squat.id));
    expect(row).toMatchObject({ passwordHash: null, pendingEmail: null });
    expect(row?.emailVerifiedAt).not.toBeNull();
    // The squatter's access token and refresh token both stop working.
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearerHeader(squatterSession.access_token),
    });
    expect(after.statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: squatterSession.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'vitima@example.com', password: 'Segura123' },
      remoteAddress: '203.0.113.66',
    });
    expect(login.statusCode).toBe(401);
    // The notice is said once: the next sign-in has none.
    const again = (await exchange(await signInWithGoogle())).json<{ notice?: string }>();
    expect(again.notice).toBeUndefined();
    const logs = await ctx.database.db
      .select({ type: securityLogs.type, severity: securityLogs.severity })
      .from(securityLogs)
      .where(eq(securityLogs.userId, squat.id));
    expect(logs).toContainEqual({ type: 'google_linked', severity: 'warning' });
  });

  it('recognises a returning person by their Google subject even after an e-mail change', async () => {
    const account = googleAccount();
    provider.signInAs(account);
    const first = (await exchange(await signInWithGoogle())).json<LoginJson>();
    provider.signInAs({ ...account, email: 'mudou@gmail.com' });
    const second = (await exchange(await signInWithGoogle())).json<LoginJson>();
    expect(second.user.id).toBe(first.user.id);
  });

  it('trades a login code once only', async () => {
    provider.signInAs(googleAccount());
    const code = await signInWithGoogle();
    expect((await exchange(code)).statusCode).toBe(200);
    const reused = await exchange(code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({
      code: 'invalid_login_code',
      message: GOOGLE_EXCHANGE_MESSAGES.invalidCode,
    });
  });

  it(`refuses a login code older than ${LOGIN_CODE_TTL_SECONDS} s`, async () => {
    provider.signInAs(googleAccount());
    const code = await signInWithGoogle();
    clockOffsetMs = (LOGIN_CODE_TTL_SECONDS + 1) * 1000;
    expect((await exchange(code)).statusCode).toBe(401);
  });

  it.each([
    ['no cookie', undefined],
    ['a made-up code', 'x'.repeat(43)],
    ['a 10 kB code', 'x'.repeat(10_000)],
  ])('refuses an exchange with %s', async (_case, code) => {
    const response = await exchange(code);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: GOOGLE_EXCHANGE_MESSAGES.invalidCode });
  });

  it('sends a callback whose state does not match back with invalid_request', async () => {
    provider.signInAs(googleAccount());
    const { pending, callbackPath } = await authorize();
    const forged = callbackPath.replace(/state=[^&]+/, 'state=forged-state');
    const response = await callback(forged, pending);
    expect(response.headers.location).toBe('/?error=invalid_request');
    expect(cookie(response, LOGIN_CODE_COOKIE)).toBeUndefined();
  });

  it.each([
    ['without the pending cookie', () => undefined],
    ['with a tampered cookie', (value: string) => `${value.slice(0, -2)}xx`],
    ['with the cookie of another sign-in', (_value: string, other: string) => other],
  ])('refuses a callback %s (invalid_request)', async (_case, pick) => {
    provider.signInAs(googleAccount());
    const other = await authorize();
    const { pending, callbackPath } = await authorize();
    const response = await callback(callbackPath, pick(pending, other.pending));
    expect(response.headers.location).toBe('/?error=invalid_request');
    expect(cookie(response, LOGIN_CODE_COOKIE)).toBeUndefined();
  });

  it('refuses an expired pending sign-in', async () => {
    provider.signInAs(googleAccount());
    const { pending, callbackPath } = await authorize();
    clockOffsetMs = 11 * 60 * 1000;
    expect((await callback(callbackPath, pending)).headers.location).toBe(
      '/?error=invalid_request',
    );
  });

  it('requires an e-mail Google has verified, creating no account', async () => {
    const account = googleAccount({ email_verified: false });
    provider.signInAs(account);
    const { pending, callbackPath } = await authorize();
    const response = await callback(callbackPath, pending);
    expect(response.headers.location).toBe('/?error=email_not_verified');
    expect(cookie(response, LOGIN_CODE_COOKIE)).toBeUndefined();
    const found = await ctx.database.db.select().from(users).where(eq(users.email, account.email));
    expect(found).toEqual([]);
  });

  it('says user_creation_failed when the account cannot be stored', async () => {
    // PostgreSQL refuses a NUL character in text: the insert fails like a broken database would.
    provider.signInAs(googleAccount({ email: 'nul\u0000@gmail.com' }));
    const { pending, callbackPath } = await authorize();
    const response = await callback(callbackPath, pending);
    expect(response.headers.location).toBe('/?error=user_creation_failed');
    expect(cookie(response, LOGIN_CODE_COOKIE)).toBeUndefined();
  });

  it('passes the provider error through (the person cancelled)', async () => {
    provider.failNextAuthorization('access_denied');
    const { pending, callbackPath } = await authorize();
    expect(callbackPath).toContain('error=access_denied');
    expect((await callback(callbackPath, pending)).headers.location).toBe('/?error=access_denied');
  });

  it('turns an unknown provider error into invalid_request', async () => {
    const response = await callback('/api/auth/google/callback?error=%3Cscript%3E');
    expect(response.headers.location).toBe('/?error=invalid_request');
  });

  it('never puts a token in a redirect', async () => {
    provider.signInAs(googleAccount());
    const { start, pending, callbackPath } = await authorize();
    const landed = await callback(callbackPath, pending);
    for (const location of [start.headers.location, landed.headers.location]) {
      expect(location).not.toMatch(/token|code=/);
    }
  });
});

describe('Google sign-in not configured or unreachable', () => {
  let unconfigured: TestContext;
  let unreachable: TestContext;

  beforeAll(async () => {
    unconfigured = await createTestContext();
    unreachable = await createTestContext({
      env: {
        GOOGLE_ISSUER_URL: 'http://127.0.0.1:1',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
      },
    });
  });

  afterAll(async () => {
    await unconfigured?.close();
    await unreachable?.close();
  });

  it('says google_not_configured, and the providers call says false', async () => {
    const providers = await unconfigured.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toEqual({ google: false });
    const start = await unconfigured.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/?error=google_not_configured');
  });

  it('says temporarily_unavailable when the provider cannot be reached', async () => {
    const start = await unreachable.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/?error=temporarily_unavailable');
  });
});
