import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleSignIn, type GoogleSignIn } from './google-sign-in.ts';
import { isLoopbackHttp } from './loopback-url.ts';
import { startTestOidcProvider, TEST_CLIENT, type TestOidcProvider } from './test-oidc-provider.ts';

const REDIRECT = 'http://localhost:3000/api/auth/google/callback';

let provider: TestOidcProvider;
let google: GoogleSignIn;

beforeAll(async () => {
  provider = await startTestOidcProvider();
  google = createGoogleSignIn({
    googleIssuerUrl: provider.issuerUrl,
    googleClientId: TEST_CLIENT.id,
    googleClientSecret: TEST_CLIENT.secret,
    googleRedirectUrl: REDIRECT,
  });
});

afterAll(async () => {
  await provider?.close();
});

/** Plays the browser at the provider: follows the authorisation URL to its redirect back. */
async function authorize(url: URL): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`provider answered ${response.status}`);
  return new URL(location);
}

describe('Google sign-in client', () => {
  it('sends state, nonce and an S256 PKCE challenge to the provider', async () => {
    const { url, pending } = await google.start();
    expect(url.origin + url.pathname).toBe(`${provider.issuerUrl}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: TEST_CLIENT.id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid email profile',
      state: pending.state,
      nonce: pending.nonce,
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('code_challenge')).not.toBe(pending.codeVerifier);
  });

  it('redeems the code for the verified claims of the ID token', async () => {
    provider.signInAs({
      sub: 'sub-42',
      email: 'ana@example.com',
      email_verified: true,
      name: 'Ana',
    });
    const { url, pending } = await google.start();
    const callback = await authorize(url);
    expect(callback.origin + callback.pathname).toBe(REDIRECT);
    await expect(google.finish(callback, pending)).resolves.toEqual({
      sub: 'sub-42',
      email: 'ana@example.com',
      emailVerified: true,
      name: 'Ana',
    });
  });

  it('reports an unverified e-mail as such', async () => {
    provider.signInAs({ sub: 'sub-43', email: 'bia@example.com', email_verified: false });
    const { url, pending } = await google.start();
    const identity = await google.finish(await authorize(url), pending);
    expect(identity).toMatchObject({ emailVerified: false, name: undefined });
  });

  it.each([
    ['state', { state: 'other-state' }],
    ['nonce', { nonce: 'other-nonce' }],
    ['PKCE verifier', { codeVerifier: 'x'.repeat(43) }],
  ])('refuses a callback whose %s does not match (invalid_request)', async (_name, change) => {
    const { url, pending } = await google.start();
    const callback = await authorize(url);
    await expect(google.finish(callback, { ...pending, ...change })).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });

  it('passes the provider error through (access_denied)', async () => {
    provider.failNextAuthorization('access_denied');
    const { url, pending } = await google.start();
    const callback = await authorize(url);
    await expect(google.finish(callback, pending)).rejects.toMatchObject({ code: 'access_denied' });
  });

  it('says temporarily_unavailable when the provider cannot be reached', async () => {
    const offline = createGoogleSignIn({
      googleIssuerUrl: 'http://127.0.0.1:1',
      googleClientId: 'id',
      googleClientSecret: 'secret',
      googleRedirectUrl: REDIRECT,
    });
    await expect(offline.start()).rejects.toMatchObject({ code: 'temporarily_unavailable' });
  });

  it('is the not-configured default without a client id or secret', async () => {
    const unset = createGoogleSignIn({
      googleIssuerUrl: 'https://accounts.google.com',
      googleClientId: 'id',
      googleClientSecret: undefined,
      googleRedirectUrl: REDIRECT,
    });
    expect(unset.configured).toBe(false);
    await expect(unset.start()).rejects.toMatchObject({ code: 'google_not_configured' });
  });

  it.each([
    ['http://localhost:8080', true],
    ['http://127.0.0.1:8080', true],
    ['http://[::1]:8080', true],
    ['https://accounts.google.com', false],
    ['http://accounts.google.com', false],
  ])('allows plain http for %s: %s', (url, allowed) => {
    expect(isLoopbackHttp(new URL(url))).toBe(allowed);
  });
});
