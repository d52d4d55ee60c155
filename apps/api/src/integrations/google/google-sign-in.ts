import * as oidc from 'openid-client';
import { isLoopbackHttp } from './loopback-url.ts';

/** What the browser must bring back to the callback, kept meanwhile in a signed cookie. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The claims of a verified ID token that sign-in uses. */
export interface GoogleIdentity {
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

/**
 * Why a sign-in failed, as one of the `?error=` codes of spec 000 §8 the web app shows
 * (a provider's own code, such as access_denied, passes through).
 */
export class GoogleSignInError extends Error {
  readonly code: string;
  constructor(code: string, options?: { cause?: unknown }) {
    super(`Google sign-in failed: ${code}`, options);
    this.name = 'GoogleSignInError';
    this.code = code;
  }
}

export interface GoogleSignIn {
  readonly configured: boolean;
  /** The provider's authorisation URL (state, nonce, PKCE S256) and what the callback checks. */
  start(): Promise<{ url: URL; pending: PendingSignIn }>;
  /** Redeems the callback's code: checks state, PKCE and the ID token (signature, nonce...). */
  finish(callbackUrl: URL, pending: PendingSignIn): Promise<GoogleIdentity>;
}

export interface GoogleSignInConfig {
  googleIssuerUrl: string;
  googleClientId: string | undefined;
  googleClientSecret: string | undefined;
  googleRedirectUrl: string;
}

/** The provider is a browser redirect away: a slow one must not hold a request for 30 s. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * The OpenID Connect client when the client id and secret are configured; otherwise the offline
 * default, which only says it is not configured (the web app then explains the missing button).
 */
export function createGoogleSignIn(config: GoogleSignInConfig): GoogleSignIn {
  const { googleClientId: clientId, googleClientSecret: clientSecret } = config;
  if (!clientId || !clientSecret) return notConfigured;
  return createOidcSignIn({ ...config, clientId, clientSecret });
}

const notConfigured: GoogleSignIn = {
  configured: false,
  start: () => Promise.reject(new GoogleSignInError('google_not_configured')),
  finish: () => Promise.reject(new GoogleSignInError('google_not_configured')),
};

function createOidcSignIn(config: GoogleSignInConfig & { clientId: string; clientSecret: string }) {
  const issuer = new URL(config.googleIssuerUrl);
  let discovered: Promise<oidc.Configuration> | undefined;

  /** Discovery once per process; a failed one is retried by the next sign-in. */
  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        issuer,
        config.clientId,
        { client_secret: config.clientSecret, redirect_uris: [config.googleRedirectUrl] },
        oidc.ClientSecretPost(config.clientSecret),
        {
          execute: isLoopbackHttp(issuer) ? [oidc.allowInsecureRequests] : [],
          timeout: PROVIDER_TIMEOUT_SECONDS,
        },
      )
      .then((found) => {
        found.timeout = PROVIDER_TIMEOUT_SECONDS;
        return found;
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  const signIn: GoogleSignIn = {
    configured: true,

    async start() {
      const found = await configuration().catch((error: unknown) => {
        throw new GoogleSignInError('temporarily_unavailable', { cause: error });
      });
      const pending: PendingSignIn = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(found, {
        redirect_uri: config.googleRedirectUrl,
        scope: 'openid email profile',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, pending };
    },

    async finish(callbackUrl, pending) {
      try {
        const tokens = await oidc.authorizationCodeGrant(await configuration(), callbackUrl, {
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          pkceCodeVerifier: pending.codeVerifier,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new GoogleSignInError('invalid_request');
        return {
          sub: claims.sub,
          email: typeof claims.email === 'string' ? claims.email : undefined,
          emailVerified: claims.email_verified === true,
          name: typeof claims.name === 'string' ? claims.name : undefined,
        };
      } catch (error) {
        throw toSignInError(error);
      }
    },
  };
  return signIn;
}

/** Codes a provider may send that the web app knows how to word (spec 000 §8). */
const PASSED_THROUGH = new Set([
  'access_denied',
  'invalid_request',
  'unauthorized_client',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
]);

/** A provider's `error` code as the web app will show it; unknown codes become invalid_request. */
export function providerErrorCode(code: string): string {
  return PASSED_THROUGH.has(code) ? code : 'invalid_request';
}

/**
 * Unreachable or failing provider -> temporarily_unavailable; an error the provider reports
 * keeps its code; every failed check (state, nonce, PKCE, signature, issuer) -> invalid_request.
 */
export function toSignInError(error: unknown): GoogleSignInError {
  if (error instanceof GoogleSignInError) return error;
  if (error instanceof oidc.AuthorizationResponseError) {
    return new GoogleSignInError(providerErrorCode(error.error), { cause: error });
  }
  if (error instanceof oidc.ResponseBodyError) {
    const code = error.status >= 500 ? 'temporarily_unavailable' : providerErrorCode(error.error);
    return new GoogleSignInError(code, { cause: error });
  }
  const unreachable =
    error instanceof TypeError ||
    (error instanceof DOMException && ['TimeoutError', 'AbortError'].includes(error.name)) ||
    (error instanceof oidc.ClientError &&
      ['OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON'].includes(error.code ?? ''));
  return new GoogleSignInError(unreachable ? 'temporarily_unavailable' : 'invalid_request', {
    cause: error,
  });
}
