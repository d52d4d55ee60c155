import { type MutableRedirectUri, type MutableToken, OAuth2Server } from 'oauth2-mock-server';

/** The person the provider signs in next, as the ID token will describe them. */
export interface TestGoogleAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface TestOidcProvider {
  /** Its issuer URL (the address it listens on), for GOOGLE_ISSUER_URL. */
  issuerUrl: string;
  /** Who the next sign-ins are (until changed). */
  signInAs(account: TestGoogleAccount): void;
  /** The next authorisation answers `?error=<code>` instead of a code (the user cancelled...). */
  failNextAuthorization(code: string): void;
  close(): Promise<void>;
}

export const TEST_CLIENT = { id: 'lumina-test-client', secret: 'lumina-test-secret' } as const;

/**
 * A local OpenID Connect provider (oauth2-mock-server: discovery, JWKS, authorize with PKCE,
 * token endpoint with a signed ID token carrying the nonce), the Google integration's fake, on a
 * free loopback port (or `port`).
 */
export async function startTestOidcProvider(
  options: { port?: number } = {},
): Promise<TestOidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(options.port ?? 0, '127.0.0.1');
  const { port } = server.address();
  server.issuer.url = `http://127.0.0.1:${port}`;
  const issuerUrl = server.issuer.url;

  let account: TestGoogleAccount = {
    sub: 'google-sub-1',
    email: 'google.user@example.com',
    email_verified: true,
    name: 'Usuária Google',
  };
  // Every token it signs (access and ID) describes the current account.
  server.service.on('beforeTokenSigning', (token: MutableToken) => {
    Object.assign(token.payload, account);
  });

  return {
    issuerUrl,
    signInAs(next) {
      account = next;
    },
    failNextAuthorization(code) {
      server.service.once('beforeAuthorizeRedirect', ({ url }: MutableRedirectUri) => {
        url.searchParams.delete('code');
        url.searchParams.set('error', code);
      });
    },
    close: () => server.stop(),
  };
}
