import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthProvider } from '../../../lib/auth/auth-provider.tsx';
import { createAuthSession } from '../../../lib/auth/auth-session.ts';
import type { AuthUser } from '../../../lib/auth/auth-types.ts';
import { STORAGE_KEYS } from '../../../lib/storage-keys.ts';
import { createUser } from '../../../lib/auth/testing/create-user.ts';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Leaves credentials in storage the way a login does: the session then starts authenticated.
 * The token is shaped like a JWT with a live `exp`; its signature is the server's business.
 */
export function storeLogin(user: AuthUser = createUser(), expiresInSeconds = 900): AuthUser {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  const payload = base64Url(JSON.stringify({ sub: String(user.id), exp }));
  localStorage.setItem(STORAGE_KEYS.accessToken, `${header}.${payload}.assinatura`);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
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
 */
export function renderAccount(
  element: ReactElement,
  { route = '/', path = '*' }: { route?: string; path?: string } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const session = createAuthSession();
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
  );
  return { ...view, client, session };
}
