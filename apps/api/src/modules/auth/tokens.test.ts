import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/auth-tokens.ts';
import { securityLogs } from '../../db/schema/security.ts';
import {
  bearer,
  type ErrorJson,
  registerThroughApi,
  type Session,
  truncateAccounts,
} from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  JWT_AUDIENCE,
  JWT_ISSUER,
  SESSION_CHECK_TTL_MS,
} from './token-service.ts';

const SECRET = 'test-only-jwt-secret-0123456789abcdef';
const START = new Date('2030-03-01T08:00:00Z');
let clock = START;
let ctx: TestContext;
let session: Session;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock, env: { JWT_SECRET: SECRET } });
});

beforeEach(async () => {
  clock = START;
  await truncateAccounts(ctx.database);
  session = await registerThroughApi(ctx.app);
});

afterAll(async () => {
  await ctx?.close();
});

function advance(ms: number): void {
  clock = new Date(clock.getTime() + ms);
}

function profile(headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers });
}

function refreshWithBody(token: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refresh_token: token },
  });
}

function refreshWithCookie(token: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: { lumina_refresh: token },
  });
}

interface TokensJson {
  tokens: { access_token: string; refresh_token: string };
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('access tokens', () => {
  it('are HS256 JWTs of 15 minutes with subject, role, id, issuer and audience', () => {
    expect(decodeProtectedHeader(session.accessToken)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(session.accessToken);
    expect(claims).toMatchObject({
      sub: String(session.userId),
      role: 'customer',
      iss: JWT_ISSUER,
      aud: JWT_AUDIENCE,
      iat: START.getTime() / 1000,
      exp: START.getTime() / 1000 + ACCESS_TOKEN_TTL_SECONDS,
    });
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(900);
  });

  it('open the profile until they expire, then answer 401', async () => {
    expect((await profile(bearer(session.accessToken))).statusCode).toBe(200);
    advance(ACCESS_TOKEN_TTL_SECONDS * 1000 - 1000);
    expect((await profile(bearer(session.accessToken))).statusCode).toBe(200);
    advance(2000);
    const expired = await profile(bearer(session.accessToken));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      message: 'Usuário não autenticado',
      code: 'token_expired',
    });
  });

  it('answer 401 without a token', async () => {
    const response = await profile();
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorJson>().message).toBe('Usuário não autenticado');
  });

  describe('forged or damaged tokens get 401', () => {
    const now = () => Math.floor(START.getTime() / 1000);
    const claims = () => ({ sub: String(session.userId), role: 'admin', sid: 'x', jti: 'j' });

    const forgeries: Array<[string, () => Promise<string> | string]> = [
      [
        'payload changed (role admin) with the old signature',
        () => {
          const [header, , signature] = session.accessToken.split('.');
          const payload = { ...decodeJwt(session.accessToken), role: 'admin' };
          return `${header}.${base64url(payload)}.${signature}`;
        },
      ],
      ['signature cut', () => session.accessToken.slice(0, -4)],
      [
        'signed with another key',
        () =>
          new SignJWT(claims())
            .setProtectedHeader({ alg: 'HS256' })
            .setIssuer(JWT_ISSUER)
            .setAudience(JWT_AUDIENCE)
            .setIssuedAt(now())
            .setExpirationTime(now() + 600)
            .sign(new TextEncoder().encode('another-secret-of-at-least-32-characters!')),
      ],
      [
        'alg none',
        () =>
          `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({
            ...claims(),
            iss: JWT_ISSUER,
            aud: JWT_AUDIENCE,
            iat: now(),
            exp: now() + 600,
          })}.`,
      ],
      [
        'HS512 with the right key (algorithm pinned)',
        () =>
          new SignJWT(claims())
            .setProtectedHeader({ alg: 'HS512' })
            .setIssuer(JWT_ISSUER)
            .setAudience(JWT_AUDIENCE)
            .setIssuedAt(now())
            .setExpirationTime(now() + 600)
            .sign(new TextEncoder().encode(SECRET)),
      ],
      [
        'another audience',
        () =>
          new SignJWT(claims())
            .setProtectedHeader({ alg: 'HS256' })
            .setIssuer(JWT_ISSUER)
            .setAudience('someone-else')
            .setIssuedAt(now())
            .setExpirationTime(now() + 600)
            .sign(new TextEncoder().encode(SECRET)),
      ],
      [
        'no expiry',
        () =>
          new SignJWT(claims())
            .setProtectedHeader({ alg: 'HS256' })
            .setIssuer(JWT_ISSUER)
            .setAudience(JWT_AUDIENCE)
            .setIssuedAt(now())
            .sign(new TextEncoder().encode(SECRET)),
      ],
      ['garbage', () => 'not.a.token'],
    ];

    it.each(forgeries)('%s', async (_label, forge) => {
      const token = await forge();
      const response = await profile(bearer(token));
      expect(response.statusCode).toBe(401);
      expect(response.json<ErrorJson>().message).toBe('Usuário não autenticado');
    });

    it.each([
      ['another scheme', () => `Basic ${session.accessToken}`],
      ['no scheme', () => session.accessToken],
      ['two tokens', () => `Bearer ${session.accessToken} ${session.accessToken}`],
    ])('a header with %s', async (_label, header) => {
      const response = await profile({ authorization: header() });
      expect(response.statusCode).toBe(401);
    });

    it('the right claims and key do work (the forgeries fail for their flaw only)', async () => {
      // The login's own session id: a well-signed token of an unknown session is refused too.
      const sid = decodeJwt(session.accessToken).sid;
      const token = await new SignJWT({ role: 'customer', sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(session.userId))
        .setJti('j')
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt(now())
        .setExpirationTime(now() + 600)
        .sign(new TextEncoder().encode(SECRET));
      expect((await profile(bearer(token))).statusCode).toBe(200);
    });
  });
});

describe('access tokens of a session that ended', () => {
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, headers, payload });
  const login = () => post('/api/auth/login', { email: 'ana@example.com', password: 'Segura123' });

  async function expectEnded(accessToken: string) {
    const response = await profile(bearer(accessToken));
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorJson>()).toMatchObject({
      code: 'session_ended',
      message: 'Usuário não autenticado',
    });
  }

  it('are refused at once after logout, by refresh token or by access token', async () => {
    expect((await profile(bearer(session.accessToken))).statusCode).toBe(200);
    await post('/api/auth/logout', { refresh_token: session.refreshToken });
    await expectEnded(session.accessToken);

    const other = (await login()).json<{ access_token: string }>();
    await post('/api/auth/logout', {}, bearer(other.access_token));
    await expectEnded(other.access_token);
  });

  it('are refused once a stolen refresh token is replayed (reuse revokes the login)', async () => {
    const rotated = (await refreshWithBody(session.refreshToken)).json<TokensJson>().tokens;
    expect((await profile(bearer(rotated.access_token))).statusCode).toBe(200);
    expect((await refreshWithBody(session.refreshToken)).statusCode).toBe(401);
    await expectEnded(rotated.access_token);
    await expectEnded(session.accessToken);
  });

  it("are refused for the other logins after a password change, not for the changer's", async () => {
    const other = (await login()).json<{ access_token: string }>();
    const changed = await post(
      '/api/users/change_password',
      {
        current_password: 'Segura123',
        new_password: 'NovaSenha9',
        new_password_confirmation: 'NovaSenha9',
      },
      bearer(session.accessToken),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await profile(bearer(session.accessToken))).statusCode).toBe(200);
    await expectEnded(other.access_token);
  });

  it('stay valid through a refresh of the same login', async () => {
    const rotated = (await refreshWithBody(session.refreshToken)).json<TokensJson>().tokens;
    // The old access token belongs to the same login, which still stands.
    expect((await profile(bearer(session.accessToken))).statusCode).toBe(200);
    expect((await profile(bearer(rotated.access_token))).statusCode).toBe(200);
  });

  it('are refused by every process within seconds of a revocation made elsewhere', async () => {
    expect((await profile(bearer(session.accessToken))).statusCode).toBe(200);
    // Another process ends the login: this one learns it when its short trust runs out.
    await ctx.database.db
      .update(refreshTokens)
      .set({ revokedAt: clock })
      .where(eq(refreshTokens.userId, session.userId));
    await new Promise((resolve) => setTimeout(resolve, SESSION_CHECK_TTL_MS + 100));
    await expectEnded(session.accessToken);
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the token from the body and from the cookie', async () => {
    const first = await refreshWithBody(session.refreshToken);
    expect(first.statusCode, first.body).toBe(200);
    const pair = first.json<TokensJson>().tokens;
    expect(pair.refresh_token).not.toBe(session.refreshToken);
    expect(first.cookies.find((c) => c.name === 'lumina_refresh')).toMatchObject({
      value: pair.refresh_token,
      httpOnly: true,
      path: '/api/auth',
      sameSite: 'Lax',
    });
    expect((await profile(bearer(pair.access_token))).statusCode).toBe(200);

    const second = await refreshWithCookie(pair.refresh_token);
    expect(second.statusCode).toBe(200);
    expect(second.json<TokensJson>().tokens.refresh_token).not.toBe(pair.refresh_token);
  });

  it('stores refresh tokens hashed only', async () => {
    const rows = await ctx.database.db.select().from(refreshTokens);
    expect(rows.map((row) => row.tokenHash)).not.toContain(session.refreshToken);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('revokes the whole family when a rotated token comes back', async () => {
    const rotated = (await refreshWithBody(session.refreshToken)).json<TokensJson>().tokens;
    const reuse = await refreshWithBody(session.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json<ErrorJson>().message).toBe('Sessão expirada. Faça login novamente.');
    // The thief's use also kills the token the rightful owner holds now.
    expect((await refreshWithBody(rotated.refresh_token)).statusCode).toBe(401);

    const [log] = await ctx.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.type, 'refresh_token_reuse'));
    expect(log).toMatchObject({ severity: 'critical', userId: session.userId });
  });

  it('lets only one of two simultaneous uses of a token through', async () => {
    const answers = await Promise.all([
      refreshWithBody(session.refreshToken),
      refreshWithBody(session.refreshToken),
    ]);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeLessThanOrEqual(1);
    expect(answers.some((a) => a.statusCode === 401)).toBe(true);
  });

  it('leaves other sessions of the user alone', async () => {
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ana@example.com', password: 'Segura123' },
    });
    const otherRefresh = other.json<{ refresh_token: string }>().refresh_token;
    await refreshWithBody(session.refreshToken);
    await refreshWithBody(session.refreshToken); // reuse: kills this family only
    expect((await refreshWithBody(otherRefresh)).statusCode).toBe(200);
  });

  it('refuses an expired refresh token', async () => {
    advance(31 * 24 * 60 * 60 * 1000);
    expect((await refreshWithBody(session.refreshToken)).statusCode).toBe(401);
  });

  it.each([
    ['no token', undefined],
    ['an unknown token', 'x'.repeat(43)],
    ['a number', 42],
    ['a 10 kB string', 'x'.repeat(10_000)],
  ])('answers 4xx for %s', async (_label, token) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: token === undefined ? {} : { refresh_token: token },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json<ErrorJson>().message).toMatch(/[a-z]/);
  });

  it('says the token is required when none is sent', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorJson>().message).toBe('Token de atualização é obrigatório');
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the refresh token from the cookie and clears the cookie', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { lumina_refresh: session.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Logout realizado com sucesso' });
    const cleared = response.cookies.find((c) => c.name === 'lumina_refresh');
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api/auth');
    expect((await refreshWithBody(session.refreshToken)).statusCode).toBe(401);
  });

  it('revokes the token sent in the body', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: session.refreshToken },
    });
    expect((await refreshWithBody(session.refreshToken)).statusCode).toBe(401);
  });

  it('ends the session of the access token when no refresh token is sent', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(session.accessToken),
      payload: {},
    });
    expect((await refreshWithBody(session.refreshToken)).statusCode).toBe(401);
  });

  it('answers success for an anonymous or unknown token, changing nothing', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: 'unknown' },
    });
    expect(response.statusCode).toBe(200);
    expect((await refreshWithBody(session.refreshToken)).statusCode).toBe(200);
  });
});
