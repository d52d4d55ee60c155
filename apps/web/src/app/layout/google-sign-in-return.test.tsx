import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../lib/auth/auth-provider.tsx';
import { createAuthSession } from '../../lib/auth/auth-session.ts';
import { fakeAccessToken, fakeApi, TEST_USER } from '../../lib/auth/testing/fake-api.ts';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { toastChannel, type ToastMessage } from '../../lib/ui-events.ts';
import { GoogleSignInReturn } from './google-sign-in-return.tsx';
import { ToastViewport } from './toast-viewport.tsx';

function Probe() {
  const { pathname, search } = useLocation();
  const { status } = useAuth();
  return <output aria-label="sonda">{`${pathname}${search} ${status}`}</output>;
}

function renderAt(route: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider session={createAuthSession()}>
        <MemoryRouter initialEntries={[route]}>
          <ToastViewport />
          <GoogleSignInReturn />
          <Probe />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const probe = () => screen.getByLabelText('sonda');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Google sign-in return', () => {
  it.each([
    ['access_denied', 'Login cancelado pelo usuário'],
    ['email_not_verified', 'Email não verificado pelo Google'],
    ['google_not_configured', 'Login com Google não está configurado nesta loja.'],
    ['algo_novo', 'Erro inesperado: algo_novo'],
  ])('?error=%s shows "%s" for 5 s and cleans the address', (code, message) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const requests = fakeApi(() => undefined);
    renderAt(`/?error=${code}&categoria=orelha`);
    // (findBy* would wait on a faked setTimeout: the toast is there once render returns.)
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(probe()).toHaveTextContent('/?categoria=orelha anonymous');
    act(() => {
      vi.advanceTimersByTime(4_900);
    });
    expect(screen.getByText(message)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('?login=success trades the one-time cookie for a session and goes back', async () => {
    sessionStorage.setItem(STORAGE_KEYS.authReturnPath, '/produto/12');
    const token = fakeAccessToken(Math.floor(Date.now() / 1000) + 900);
    const requests = fakeApi(({ path }) =>
      path === '/auth/google/exchange'
        ? {
            body: {
              user: TEST_USER,
              access_token: token,
              refresh_token: 'r',
              cart_migrated: false,
              cart_items_count: 0,
            },
          }
        : undefined,
    );
    renderAt('/?login=success');
    expect(
      await screen.findByText('Olá, Ana! Você entrou com sua conta Google.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(probe()).toHaveTextContent('/produto/12 authenticated'));
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /auth/google/exchange']);
    // The token stays in the tab's memory; the browser keeps only the session hint.
    expect(Object.values(localStorage)).not.toContain(token);
    expect(localStorage.getItem(STORAGE_KEYS.sessionHint)).not.toBeNull();
  });

  it("keeps the server's notice on screen until it is closed", async () => {
    const notice =
      'Encontramos uma conta com este e-mail que nunca foi confirmada. Por segurança, a senha dela foi removida.';
    const token = fakeAccessToken(Math.floor(Date.now() / 1000) + 900);
    fakeApi(({ path }) =>
      path === '/auth/google/exchange'
        ? {
            body: {
              user: TEST_USER,
              access_token: token,
              refresh_token: 'r',
              cart_migrated: false,
              cart_items_count: 0,
              notice,
            },
          }
        : undefined,
    );
    const toasts: ToastMessage[] = [];
    const stop = toastChannel.subscribe((toast) => toasts.push(toast));
    renderAt('/?login=success');
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(toasts.map(({ kind, message, sticky }) => ({ kind, message, sticky }))).toEqual([
      {
        kind: 'success',
        message: 'Olá, Ana! Você entrou com sua conta Google.',
        sticky: undefined,
      },
      { kind: 'warning', message: notice, sticky: true },
    ]);
    stop();
  });

  it('shows the server message when the code was already used', async () => {
    fakeApi(() => ({
      status: 401,
      body: { code: 'invalid_login_code', message: 'Login com Google expirado.' },
    }));
    renderAt('/?login=success');
    expect(await screen.findByText('Login com Google expirado.')).toBeInTheDocument();
    await waitFor(() => expect(probe()).toHaveTextContent(/^\/ anonymous$/));
  });
});
