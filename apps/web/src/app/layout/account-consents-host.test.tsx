import { ACCOUNT_CONSENTS_DIALOG_TEXTS } from '@lumina/shared/privacy/privacy-texts';
import { CONSENT_MESSAGES } from '@lumina/shared/users/consents';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePrivacyApi, storeLogin } from '../../features/privacy/testing/privacy-fixtures.tsx';
import { AuthProvider } from '../../lib/auth/auth-provider.tsx';
import type { AuthUser } from '../../lib/auth/auth-types.ts';
import { createUser } from '../../lib/auth/testing/create-user.ts';
import type { FakeRequest } from '../../lib/auth/testing/fake-api.ts';
import { createTestSession } from '../../lib/auth/testing/signed-in.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { AccountConsentsHost } from './account-consents-host.tsx';

const TITLE = ACCOUNT_CONSENTS_DIALOG_TEXTS.title;
/** The dialog is a lazy chunk: its first import can be slow on a loaded machine. */
const LAZY = { timeout: 5000 };

/** An account created with Google: it never saw the register form's consents. */
const googleUser = (overrides: Partial<AuthUser> = {}) =>
  createUser({
    google_linked: true,
    has_password: false,
    privacy_policy_accepted: false,
    terms_of_service_accepted: false,
    ...overrides,
  });

function renderApp(route = '/produtos') {
  const page = (name: string) => (
    <>
      <h1>{name}</h1>
      <Link to="/politica-privacidade">Ler a política</Link>
      <Link to="/produtos">Ver produtos</Link>
      <AccountConsentsHost />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page('Início') },
      { path: '/produtos', element: page('Produtos') },
      { path: '/politica-privacidade', element: page('Política de Privacidade') },
    ],
    { initialEntries: [route] },
  );
  const session = createTestSession();
  render(
    <QueryClientProvider
      client={
        new QueryClient({
          defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
        })
      }
    >
      <AuthProvider session={session}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return session;
}

/** The profile answers `before` until the consents are saved, then `after`. */
function serveProfile(before: AuthUser, after: AuthUser = before) {
  let saved = false;
  const requests = fakePrivacyApi({
    'GET /users/profile': () => ({ body: { success: true, user: saved ? after : before } }),
    'PUT /users/consents': () => {
      saved = true;
      return { body: {} };
    },
    'POST /auth/logout': { body: { success: true, message: 'Sessão encerrada' } },
  });
  return requests;
}

const consentCalls = (requests: FakeRequest[]) =>
  requests.filter((request) => request.path === '/users/consents');

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the consents of an account created with Google', () => {
  it('are asked on any page, required first, and saved with the register’s names', async () => {
    const user = storeLogin(googleUser());
    const accepted = { ...user, privacy_policy_accepted: true, terms_of_service_accepted: true };
    const requests = serveProfile(user, accepted);
    const session = renderApp();

    const dialog = await screen.findByRole('dialog', { name: TITLE }, LAZY);
    expect(within(dialog).queryByRole('button', { name: 'Fechar' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Política de Privacidade/ })).toHaveAttribute(
      'target',
      '_blank',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar e continuar' }));
    expect(await within(dialog).findByText(CONSENT_MESSAGES.privacyPolicy)).toBeVisible();
    expect(within(dialog).getByText(CONSENT_MESSAGES.termsOfService)).toBeVisible();
    expect(consentCalls(requests)).toEqual([]);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Política de Privacidade/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Termos de Serviço/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /novidades e promoções/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar e continuar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(consentCalls(requests).map((request) => [request.method, request.body])).toEqual([
      [
        'PUT',
        {
          consents: {
            privacyPolicy: true,
            termsOfService: true,
            dataProcessing: false,
            marketingComm: true,
          },
        },
      ],
    ]);
    // The profile was read again after saving, and the session's user follows it.
    const profileReads = requests.filter((request) => request.path === '/users/profile');
    expect(profileReads.length).toBeGreaterThanOrEqual(2);
    expect(requests.indexOf(profileReads.at(-1)!)).toBeGreaterThan(
      requests.indexOf(consentCalls(requests)[0]!),
    );
    expect(session.getSnapshot().user).toMatchObject({
      privacy_policy_accepted: true,
      terms_of_service_accepted: true,
    });
  });

  it('stay asked when the server refuses, with its words', async () => {
    const user = storeLogin(googleUser());
    fakePrivacyApi({
      'GET /users/profile': { body: { success: true, user } },
      'PUT /users/consents': {
        status: 503,
        body: { message: 'Serviço indisponível. Tente novamente.' },
      },
    });
    renderApp();
    const dialog = await screen.findByRole('dialog', { name: TITLE }, LAZY);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Política de Privacidade/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Termos de Serviço/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar e continuar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Serviço indisponível. Tente novamente.',
    );
    expect(screen.getByRole('dialog', { name: TITLE })).toBeVisible();
  });

  it('let the person read the privacy policy first', async () => {
    storeLogin(googleUser());
    serveProfile(googleUser());
    renderApp('/politica-privacidade');
    expect(screen.getByRole('heading', { name: 'Política de Privacidade' })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Ver produtos' }));
    expect(await screen.findByRole('dialog', { name: TITLE }, LAZY)).toBeVisible();
  });

  it('‘Sair’ logs out instead', async () => {
    storeLogin(googleUser());
    const requests = serveProfile(googleUser());
    renderApp();
    const dialog = await screen.findByRole('dialog', { name: TITLE }, LAZY);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.map((request) => request.path)).toContain('/auth/logout');
    expect(localStorage.getItem(STORAGE_KEYS.sessionHint)).toBeNull();
    expect(consentCalls(requests)).toEqual([]);
  });

  it('are not asked again when the server already has them', async () => {
    // This browser's stored copy is older than the acceptance (another device).
    storeLogin(googleUser());
    const requests = serveProfile(
      googleUser({ privacy_policy_accepted: true, terms_of_service_accepted: true }),
    );
    renderApp();
    await waitFor(() =>
      expect(requests.map((request) => request.path)).toContain('/users/profile'),
    );
    // Give the answer a moment to land.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('no question', () => {
  it.each([
    ['for an account that accepted them at register', () => storeLogin(createUser())],
    ['for anonymous visitors', () => undefined],
    [
      'for the shop’s administrators (created by the operator)',
      () => storeLogin(googleUser({ role: 'admin', google_linked: false })),
    ],
  ])('%s', async (_case, login) => {
    login();
    const requests = fakePrivacyApi();
    renderApp();
    expect(screen.getByRole('heading', { name: 'Produtos' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Not even its code or the profile was asked for.
    expect(requests).toEqual([]);
  });
});
