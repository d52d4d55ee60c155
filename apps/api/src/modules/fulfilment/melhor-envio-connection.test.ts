// 'Conectar ao Melhor Envio': the OAuth state bound to the administrator (hashed, one use, ten
// minutes), the tokens sealed at rest, renewed before they expire and when Melhor Envio refuses
// one (once for two callers), the connection dropped when the refresh token is refused, and
// the disconnect.
import type { LabelJson } from '@lumina/shared/fulfilment/fulfilment-json';
import { FULFILMENT_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { melhorEnvioConnection, melhorEnvioOauthStates } from '../../db/schema/fulfilment.ts';
import { securityLogs } from '../../db/schema/security.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import {
  createMemoryMelhorEnvio,
  createTestOauth,
  GOOD_CODE,
  labelFixture,
  labelTestEnv,
  type MemoryMelhorEnvio,
  testAdapter,
} from './label-test-kit.ts';
import { MELHOR_ENVIO_STATE_COOKIE } from './label-routes.ts';
import { ProviderError } from './ports.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'lumina-me-connection-'));
let me: MemoryMelhorEnvio;
let ctx: TestContext;
let fixture: ReturnType<typeof labelFixture>;
let owner: Awaited<ReturnType<ReturnType<typeof labelFixture>['admin']>>;
const testOauth = createTestOauth();
let clock = new Date();

beforeAll(async () => {
  me = createMemoryMelhorEnvio();
  ctx = await createTestContext({
    // No pasted token: the shop connects through OAuth.
    env: labelTestEnv(dataDir, 'oauth'),
    melhorEnvio: testAdapter(() => me, testOauth.oauth),
    now: () => clock,
  });
  fixture = labelFixture(ctx.app, ctx.database);
  owner = await fixture.admin();
  await fixture.storeSettings(owner.headers);
});

afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  me = createMemoryMelhorEnvio();
  clock = new Date();
  owner.headers = await fixture.headersOf(owner.user);
});

afterEach(async () => {
  await ctx.database.db.execute(sql`delete from melhor_envio_connection`);
  await ctx.database.db.execute(sql`delete from melhor_envio_oauth_states`);
});

async function start() {
  const response = await ctx.app.inject({
    url: '/api/melhorenvio/oauth/start',
    headers: owner.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((c) => c.name === MELHOR_ENVIO_STATE_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, path: '/api/melhorenvio/oauth/callback' });
  const url = new URL(response.json<{ url: string }>().url);
  return { state: url.searchParams.get('state') ?? '', cookie: cookie?.value ?? '' };
}

function callback(query: string, cookie?: string) {
  return ctx.app.inject({
    url: `/api/melhorenvio/oauth/callback?${query}`,
    headers: cookie === undefined ? {} : { cookie: `${MELHOR_ENVIO_STATE_COOKIE}=${cookie}` },
  });
}

async function connect() {
  const { state, cookie } = await start();
  const response = await callback(`code=${GOOD_CODE}&state=${encodeURIComponent(state)}`, cookie);
  expect(response.statusCode).toBe(302);
  expect(response.headers.location).toBe('/admin/loja?melhorenvio=connected');
}

async function status() {
  const response = await ctx.app.inject({ url: '/api/admin/fulfilment', headers: owner.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ melhor_envio: { connected: boolean; via: string | null } }>().melhor_envio;
}

describe('connecting', () => {
  it('connects through the redirect, keeps the tokens sealed, and buys with them', async () => {
    expect(await status()).toMatchObject({ configured: true, connected: false, via: null });
    const order = await fixture.order(owner.headers);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/label`,
      headers: owner.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorJson>().message).toBe(FULFILMENT_MESSAGES.notConnected);

    await connect();
    expect(await status()).toMatchObject({ connected: true, via: 'oauth' });
    const [row] = await ctx.database.db.select().from(melhorEnvioConnection);
    expect(row?.accessTokenEnc).toMatch(/^v1\./);
    expect(row?.accessTokenEnc).not.toContain('access-');
    expect(row?.connectedBy).toBe(owner.user.id);
    // The state was stored hashed and spent.
    expect(await ctx.database.db.select().from(melhorEnvioOauthStates)).toEqual([]);

    const bought = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/label`,
      headers: owner.headers,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json<{ label: LabelJson }>().label.state).toBe('generated');
    expect(me.tokensSeen.every((token) => token.startsWith('access-'))).toBe(true);
    const logged = await ctx.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.type, 'melhor_envio_connected'));
    expect(logged.map((entry) => entry.userId)).toContain(owner.user.id);
  });

  it('refuses a state that is not this browser’s, spent or expired', async () => {
    const { state, cookie } = await start();
    const go = (value: string, withCookie?: string) =>
      callback(`code=${GOOD_CODE}&state=${encodeURIComponent(value)}`, withCookie);
    for (const response of [
      await go(state),
      await go('outro-estado', cookie),
      await go(state, 'x'),
    ]) {
      expect(response.headers.location).toBe('/admin/loja?melhorenvio=error');
    }
    expect((await go(state, cookie)).headers.location).toContain('connected');
    // One use only.
    expect((await go(state, cookie)).headers.location).toContain('error');

    const late = await start();
    clock = new Date(clock.getTime() + 11 * 60_000);
    expect((await go(late.state, late.cookie)).headers.location).toContain('error');
    const denied = await callback('error=access_denied');
    expect(denied.headers.location).toContain('error');
    expect((await ctx.app.labels.connection.status()).via).toBe('oauth');
  });

  it('refuses a code Melhor Envio does not take', async () => {
    const { state, cookie } = await start();
    const response = await callback(`code=codigo-ruim&state=${encodeURIComponent(state)}`, cookie);
    expect(response.headers.location).toContain('error');
    expect(await status()).toMatchObject({ connected: false });
  });
});

describe('the tokens', () => {
  it('are renewed a day before they expire', async () => {
    await connect();
    const tokens = ctx.app.labels.connection.tokens;
    const first = await tokens.current();
    expect(await tokens.current()).toBe(first);
    clock = new Date(clock.getTime() + 29.5 * 86_400_000);
    const renewed = await tokens.current();
    expect(renewed).not.toBe(first);
    expect(await tokens.current()).toBe(renewed);
  });

  it('are renewed once when two callers meet the same refused token', async () => {
    await connect();
    const tokens = ctx.app.labels.connection.tokens;
    const refused = await tokens.current();
    const before = testOauth.state.refreshes;
    const [a, b] = await Promise.all([tokens.renew(refused), tokens.renew(refused)]);
    expect(a).toBe(b);
    expect(a).not.toBe(refused);
    expect(testOauth.state.refreshes - before).toBe(1);
  });

  it('end the connection when the refresh token is refused', async () => {
    await connect();
    const tokens = ctx.app.labels.connection.tokens;
    const refused = await tokens.current();
    testOauth.revokeAll();
    await expect(tokens.renew(refused)).rejects.toBeInstanceOf(ProviderError);
    expect(await status()).toMatchObject({ connected: false, via: null });
    const logged = await ctx.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.type, 'melhor_envio_disconnected'));
    expect(logged.length).toBeGreaterThan(0);
  });
});

describe('disconnecting', () => {
  it('deletes the tokens (204) and labels are off again', async () => {
    await connect();
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/melhorenvio/connection',
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(204);
    expect(await ctx.database.db.select().from(melhorEnvioConnection)).toEqual([]);
    expect(await status()).toMatchObject({ connected: false });
  });

  it('reads the wallet again once another account is connected', async () => {
    await connect();
    expect(await status()).toMatchObject({ balance: 1000 });
    // The owner connects another Melhor Envio account, with a wallet of its own.
    me.balanceCents = 5_000;
    await connect();
    expect(await status()).toMatchObject({ via: 'oauth', balance: 50 });
    expect(me.calls.balanceCents).toBe(2);
  });
});
