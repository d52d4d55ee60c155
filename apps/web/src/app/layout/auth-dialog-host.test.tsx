import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../lib/auth/auth-provider.tsx';
import { RequireAuth } from '../../lib/auth/require-auth.tsx';
import { fakeAccessToken, fakeApi, TEST_USER } from '../../lib/auth/testing/fake-api.ts';
import { createTestSession, storeSignedIn } from '../../lib/auth/testing/signed-in.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { AuthDialogHost } from './auth-dialog-host.tsx';
import { HeaderAccount } from './header-account.tsx';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="rota">{pathname + search}</output>;
}

function renderApp(route: string) {
  const shell = (page: React.ReactNode) => (
    <>
      <HeaderAccount buttonClassName="" />
      <AuthDialogHost />
      <Where />
      {page}
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: shell(<h1>Início</h1>) },
      {
        path: '/gerenciar-dados',
        element: shell(
          <RequireAuth>
            <h1>Gerenciar Dados</h1>
          </RequireAuth>,
        ),
      },
    ],
    { initialEntries: [route] },
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

const loginAnswer = () => ({
  user: TEST_USER,
  access_token: fakeAccessToken(Math.floor(Date.now() / 1000) + 900),
  refresh_token: 'r',
  cart_migrated: false,
  cart_items_count: 0,
});

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('protected routes', () => {
  it('say "Verificando autenticação..." while the session is being restored', () => {
    storeSignedIn(TEST_USER, fakeAccessToken(1));
    // The refresh never answers: the session stays in loading.
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    renderApp('/gerenciar-dados');
    expect(screen.getByText('Verificando autenticação...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Gerenciar Dados' })).not.toBeInTheDocument();
  });

  it('send an anonymous visitor to / with the login view, then back after login', async () => {
    fakeApi(({ path }) => {
      if (path === '/auth/providers') return { body: { google: false } };
      if (path === '/auth/login') return { body: loginAnswer() };
      return undefined;
    });
    renderApp('/gerenciar-dados?aba=dados');
    const dialog = within(await screen.findByRole('dialog'));
    expect(screen.getByLabelText('rota')).toHaveTextContent(/^\/$/);
    fireEvent.change(dialog.getByLabelText('E-mail'), { target: { value: 'ana@exemplo.com' } });
    fireEvent.change(dialog.getByLabelText('Senha'), { target: { value: 'Segura123' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'Gerenciar Dados' })).toBeInTheDocument();
    expect(screen.getByLabelText('rota')).toHaveTextContent('/gerenciar-dados?aba=dados');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('header account entry', () => {
  it('greets the logged-in user with Minha Conta and Sair; Sair logs out', async () => {
    storeSignedIn(TEST_USER, fakeAccessToken(Math.floor(Date.now() / 1000) + 600));
    const requests = fakeApi(() => ({ body: { success: true } }));
    renderApp('/');
    expect(screen.getByText('Ana')).toBeInTheDocument();
    expect(screen.getByText(/Olá,/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Minha Conta' })).toHaveAttribute(
      'href',
      '/minha-conta',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain('POST /auth/logout');
    expect(localStorage.getItem(STORAGE_KEYS.sessionHint)).toBeNull();
  });

  it('opens the login modal from "Entrar" when anonymous', async () => {
    fakeApi(() => ({ body: { google: false } }));
    renderApp('/');
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('dialog', { name: 'Entrar' })).toBeInTheDocument();
  });
});
