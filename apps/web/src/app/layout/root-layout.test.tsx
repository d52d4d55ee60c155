import { ACCOUNT_CONSENTS_DIALOG_TEXTS } from '@lumina/shared/privacy/privacy-texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakePrivacyApi, storeLogin } from '../../features/privacy/testing/privacy-fixtures.tsx';
import { AuthProvider } from '../../lib/auth/auth-provider.tsx';
import { createUser } from '../../lib/auth/testing/create-user.ts';
import { createTestSession } from '../../lib/auth/testing/signed-in.ts';
import { RootLayout } from './root-layout.tsx';

function renderLayout() {
  const router = createMemoryRouter(
    [{ path: '/', element: <RootLayout />, children: [{ index: true, element: <h1>Página</h1> }] }],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <AuthProvider session={createTestSession()}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  // ScrollRestoration scrolls; jsdom has no layout to scroll.
  vi.stubGlobal('scrollTo', () => undefined);
});
afterEach(() => vi.unstubAllGlobals());

it('the layout asks a signed-in account without the consents for them, over the page', async () => {
  const user = storeLogin(
    createUser({
      google_linked: true,
      privacy_policy_accepted: false,
      terms_of_service_accepted: false,
    }),
  );
  fakePrivacyApi({ 'GET /users/profile': { body: { success: true, user } } });
  renderLayout();
  expect(screen.getByRole('heading', { name: 'Página' })).toBeInTheDocument();
  expect(
    // The dialog's code is a lazy chunk: on a loaded machine its first import takes a while.
    await screen.findByRole(
      'dialog',
      { name: ACCOUNT_CONSENTS_DIALOG_TEXTS.title },
      { timeout: 5000 },
    ),
  ).toBeVisible();
});
