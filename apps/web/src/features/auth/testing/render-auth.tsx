import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { AuthProvider } from '../../../lib/auth/auth-provider.tsx';
import { createAuthSession } from '../../../lib/auth/auth-session.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { seedStore } from '../../../lib/testing/store-fixture.ts';
import type { StoreSettingsInput } from '@lumina/shared/settings/store-settings';

/** Shows the auth status, so tests can see a login happen. */
export function AuthStatus() {
  const { status, user } = useAuth();
  return <output aria-label="estado">{`${status}:${user?.email ?? '-'}`}</output>;
}

/**
 * Renders inside a fresh QueryClient, a fresh auth session and a router; `store` puts the
 * shop's settings in the cache (a filled shop with these fields changed), as a server-rendered
 * page has them.
 */
export function renderWithAuth(
  ui: ReactElement,
  { route = '/', store }: { route?: string; store?: Partial<StoreSettingsInput> } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (store) seedStore(client, store);
  const session = createAuthSession();
  return {
    session,
    ...render(
      <QueryClientProvider client={client}>
        <AuthProvider session={session}>
          <MemoryRouter initialEntries={[route]}>
            {ui}
            <AuthStatus />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    ),
  };
}
