import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../../modules/fulfilment/ports.ts';
import { type FakeMelhorEnvioServer, startFakeMelhorEnvio } from './fake-melhor-envio-server.ts';
import { createMelhorEnvioLabelProvider } from './label-provider.ts';
import { createMelhorEnvioOauth, MELHOR_ENVIO_SCOPES } from './melhor-envio-oauth.ts';

const REDIRECT_URI = 'http://localhost:3000/api/melhorenvio/oauth/callback';

let fake: FakeMelhorEnvioServer;

beforeAll(async () => {
  fake = await startFakeMelhorEnvio();
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.reset();
});

function oauth(overrides: { clientSecret?: string; timeoutMs?: number } = {}) {
  return createMelhorEnvioOauth({
    baseUrl: fake.url,
    clientId: fake.clientId,
    clientSecret: overrides.clientSecret ?? fake.clientSecret,
    redirectUri: REDIRECT_URI,
    contactEmail: 'loja@example.com',
    timeoutMs: overrides.timeoutMs,
  });
}

/** The code the account's consent sends back, following the authorize URL like a browser. */
async function consent(url: string): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('Melhor Envio OAuth', () => {
  it("asks for the shop's scopes and comes back to the callback with a code and the state", async () => {
    const url = new URL(oauth().authorizeUrl('estado-1'));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: fake.clientId,
      redirect_uri: REDIRECT_URI,
      scope: MELHOR_ENVIO_SCOPES.join(' '),
      state: 'estado-1',
    });
    expect(MELHOR_ENVIO_SCOPES).toEqual(
      expect.arrayContaining(['cart-write', 'shipping-checkout', 'shipping-generate']),
    );

    const back = await consent(url.toString());
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('estado-1');
    expect(back.searchParams.get('code')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('exchanges the code for tokens the API accepts, once', async () => {
    const code = (await consent(oauth().authorizeUrl('s'))).searchParams.get('code') ?? '';
    const tokens = await oauth().exchangeCode(code);
    expect(tokens).toEqual({
      accessToken: expect.stringMatching(/^me-access-/) as string,
      refreshToken: expect.stringMatching(/^me-refresh-/) as string,
      expiresInSeconds: 30 * 24 * 60 * 60,
      scope: null,
    });
    const exchange = fake.requests.find((request) => request.path === '/oauth/token');
    expect(exchange?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(exchange?.headers['user-agent']).toBe('Lumina Piercings (loja@example.com)');
    expect(exchange?.body).toEqual({
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
      code,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    });

    const labels = createMelhorEnvioLabelProvider({
      baseUrl: fake.url,
      contactEmail: 'loja@example.com',
      tokens: { current: () => Promise.resolve(tokens.accessToken) },
    });
    await expect(labels.balanceCents()).resolves.toBeGreaterThan(0);

    const again = await failure(oauth().exchangeCode(code));
    expect(again.kind).toBe('auth');
  });

  it('refreshes with the refresh token, which is then spent', async () => {
    const first = fake.issueTokens();
    const second = await oauth().refresh(first.refresh_token);
    expect(second.accessToken).not.toBe(first.access_token);
    expect(fake.requests.at(-1)?.body).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect((await failure(oauth().refresh(first.refresh_token))).kind).toBe('auth');
  });

  it("renews the label provider's expired token through the refresh grant", async () => {
    let current = fake.issueTokens();
    fake.expireAccessTokens();
    const labels = createMelhorEnvioLabelProvider({
      baseUrl: fake.url,
      contactEmail: 'loja@example.com',
      tokens: {
        current: () => Promise.resolve(current.access_token),
        renew: async () => {
          const fresh = await oauth().refresh(current.refresh_token);
          current = { ...current, access_token: fresh.accessToken };
          return fresh.accessToken;
        },
      },
    });
    await expect(labels.balanceCents()).resolves.toBeGreaterThan(0);
  });

  it('reports a wrong client secret as auth', async () => {
    const error = await failure(oauth({ clientSecret: 'errado' }).refresh('qualquer'));
    expect(error.kind).toBe('auth');
    expect(String((error.cause as Error).message)).toContain('Client authentication failed');
  });

  it('reports 5xx, a lost answer and an unreadable one by their kinds', async () => {
    fake.behaviour.failNext = { path: '/oauth/token', status: 502, body: 'Bad Gateway' };
    expect(await failure(oauth().refresh(fake.issueTokens().refresh_token))).toMatchObject({
      kind: 'unavailable',
      answered: true,
    });

    fake.behaviour.dropNext = '/oauth/token';
    expect(await failure(oauth().refresh(fake.issueTokens().refresh_token))).toMatchObject({
      kind: 'unavailable',
      answered: false,
    });

    fake.behaviour.failNext = { path: '/oauth/token', status: 200, body: { token: 'x' } };
    expect((await failure(oauth().refresh(fake.issueTokens().refresh_token))).kind).toBe('shape');
  });
});
