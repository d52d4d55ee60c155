import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthProvider } from '../../../lib/auth/auth-provider.tsx';
import type { AuthUser } from '../../../lib/auth/auth-types.ts';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import { createTestSession, storeSignedIn } from '../../../lib/auth/testing/signed-in.ts';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Leaves a tab signed in the way a login does: the session then starts authenticated.
 * The token is shaped like a JWT with a live `exp`; its signature is the server's business.
 */
export function storeLogin(user: AuthUser = createUser(), expiresInSeconds = 900): AuthUser {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  const payload = base64Url(JSON.stringify({ sub: String(user.id), exp }));
  storeSignedIn(user, `${header}.${payload}.assinatura`);
  return user;
}

/** Shows where the router is, so a test can see a redirect happen. */
export function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

const OTHER_PAGES = [
  { path: '/minha-conta', text: 'Página Minha Conta' },
  { path: '/esqueci-senha', text: 'Página Esqueci a senha' },
];

/**
 * Renders `element` at `path` inside a fresh QueryClient, a fresh auth session (read from
 * storage) and a memory router; other paths show their name, so redirects are visible.
 * `strict` renders under StrictMode, whose effects run twice as in development.
 */
export function renderAccount(
  element: ReactElement,
  {
    route = '/',
    path = '*',
    strict = false,
  }: { route?: string; path?: string; strict?: boolean } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const session = createTestSession();
  const view = render(
    <QueryClientProvider client={client}>
      <AuthProvider session={session}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={element} />
            {OTHER_PAGES.filter((page) => page.path !== path).map((page) => (
              <Route key={page.path} path={page.path} element={<p>{page.text}</p>} />
            ))}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
    { reactStrictMode: strict },
  );
  return { ...view, client, session };
}
