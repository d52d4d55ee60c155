import { REMINDER_MESSAGES } from '@lumina/shared/reminders/reminders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthProvider } from '../../../lib/auth/auth-provider.tsx';
import { fakeApi, type FakeHandler } from '../../../lib/auth/testing/fake-api.ts';
import { createTestSession } from '../../../lib/auth/testing/signed-in.ts';
import { toastChannel, type ToastMessage } from '../../../lib/ui-events.ts';
import { CartRestorePage } from './cart-restore-page.tsx';

const TOKEN = 'abcdefghijklmnopqrstuv.ABCDEFGHIJKLMNOPQRSTUV';

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** The page under StrictMode (effects twice, as in development): the link must go out once. */
function renderPage(handler: FakeHandler) {
  const requests = fakeApi(handler);
  const toasts: ToastMessage[] = [];
  const stop = toastChannel.subscribe((toast) => toasts.push(toast));
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider session={createTestSession()}>
        <MemoryRouter initialEntries={[`/carrinho/recuperar/${TOKEN}`]}>
          <Routes>
            <Route path="/carrinho/recuperar/:token" element={<CartRestorePage token={TOKEN} />} />
            <Route path="/carrinho" element={<p>Página do carrinho</p>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
    { reactStrictMode: true },
  );
  return { requests, toasts, stop };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const restorePath = `/carts/restore/${TOKEN}`;

describe('/carrinho/recuperar/:token', () => {
  it('spends the link once and opens the cart with what came back', async () => {
    const { requests, toasts, stop } = renderPage((request) =>
      request.path === restorePath
        ? {
            body: {
              cart: { items: [] },
              restored: { lines: 2, units: 3, missing: 0 },
              message: REMINDER_MESSAGES.restored,
            },
          }
        : undefined,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Recuperando seu carrinho...');
    expect(await screen.findByText('Página do carrinho')).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/carrinho');
    expect(requests.filter((request) => request.path === restorePath)).toHaveLength(1);
    // The visitor's session names the cart the lines go to.
    expect(requests.find((request) => request.path === restorePath)?.headers).toHaveProperty(
      'X-Session-ID',
    );
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ message: REMINDER_MESSAGES.restored, kind: 'success' }),
      ),
    );
    stop();
  });

  it('says in pt-BR why a spent link does not work, and stays, changing nothing', async () => {
    const { requests, stop } = renderPage((request) =>
      request.path === restorePath
        ? {
            status: 409,
            body: { message: REMINDER_MESSAGES.restoreUsed, code: 'restore_link_used' },
          }
        : undefined,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(REMINDER_MESSAGES.restoreUsed);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Não foi possível recuperar o carrinho' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver produtos' })).toHaveAttribute('href', '/produtos');
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(`/carrinho/recuperar/${TOKEN}`);
    expect(requests.filter((request) => request.path === restorePath)).toHaveLength(1);
    stop();
  });
});
