import { EMAIL_VERIFICATION_MESSAGES } from '@lumina/shared/users/email-verification';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import { accountKeys } from '../../../lib/account/account-keys.ts';
import { fakeApi, type FakeRoutes } from '../testing/fake-api.ts';
import { renderAccount, storeLogin } from '../testing/render-account.tsx';
import { ConfirmEmailPage } from './confirm-email-page.tsx';

const TOKEN = 'abcDEF123_-abcDEF123_-abcDEF123_-abcDEF1234';
const CONFIRM = 'POST /api/email_verifications';

function renderPage(routes: FakeRoutes, route = `/confirmar-email?token=${TOKEN}`) {
  const requests = fakeApi(routes);
  // StrictMode runs the effects twice, as in development: the link must still go out once.
  const view = renderAccount(<ConfirmEmailPage />, {
    route,
    path: '/confirmar-email',
    strict: true,
  });
  return { requests, ...view };
}

const confirmed = {
  body: {
    success: true,
    message: EMAIL_VERIFICATION_MESSAGES.confirmed,
    email: 'ana@example.com',
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/confirmar-email', () => {
  it('takes the token out of the address at once and says it is confirming', async () => {
    const { requests } = renderPage({ [CONFIRM]: 'pending' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Confirmação de e-mail');
    expect(screen.getByRole('status')).toHaveTextContent('Confirmando seu e-mail...');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/confirmar-email$/),
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/email_verifications',
      body: { token: TOKEN },
    });
  });

  it.each([
    ['without a token', '/confirmar-email'],
    ['with a token of the wrong shape', '/confirmar-email?token=abc'],
  ])('refuses a link %s without asking the server', async (_case, route) => {
    const { requests } = renderPage({}, route);
    expect(screen.getByRole('status')).toHaveTextContent(EMAIL_VERIFICATION_MESSAGES.invalidLink);
    expect(screen.getByRole('link', { name: 'Ir para Minha Conta' })).toHaveAttribute(
      'href',
      '/minha-conta',
    );
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/confirmar-email$/),
    );
    expect(requests).toEqual([]);
  });

  it('confirms once for a visitor who is not logged in, with the way to the shop', async () => {
    const { requests } = renderPage({ [CONFIRM]: confirmed });
    expect(await screen.findByText('E-mail confirmado com sucesso!')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'O endereço ana@example.com está confirmado.',
    );
    expect(screen.getByRole('link', { name: 'Ir para a loja' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Ir para Minha Conta' })).toBeNull();
    expect(requests.filter((r) => r.path === '/api/email_verifications')).toHaveLength(1);
  });

  it('refreshes the logged-in user, so the account page shows the address confirmed', async () => {
    storeLogin(createUser({ email_verified: false }));
    const { requests, session, client } = renderPage({
      [CONFIRM]: confirmed,
      'GET /api/users/profile': { body: { success: true, user: createUser() } },
    });
    client.setQueryData(accountKeys.profile(7), {
      success: true,
      user: createUser({ email_verified: false }),
    });
    expect(await screen.findByText('E-mail confirmado com sucesso!')).toBeVisible();
    await waitFor(() => expect(session.getSnapshot().user?.email_verified).toBe(true));
    expect(client.getQueryState(accountKeys.profile(7))?.isInvalidated).toBe(true);
    expect(screen.getByRole('link', { name: 'Ir para Minha Conta' })).toHaveAttribute(
      'href',
      '/minha-conta',
    );
    expect(screen.getByRole('link', { name: 'Ir para a loja' })).toBeVisible();
    expect(requests.filter((r) => r.path === '/api/email_verifications')).toHaveLength(1);
  });

  it('tells a completed e-mail change apart', async () => {
    renderPage({
      [CONFIRM]: {
        body: {
          success: true,
          message: EMAIL_VERIFICATION_MESSAGES.changed,
          email: 'ana.nova@example.com',
        },
      },
    });
    expect(await screen.findByText(EMAIL_VERIFICATION_MESSAGES.changed)).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Sua conta agora usa o e-mail ana.nova@example.com.',
    );
  });

  it.each([
    [
      'a used or expired link',
      { message: EMAIL_VERIFICATION_MESSAGES.invalidLink, code: 'verification_token_invalid' },
    ],
    ['an address taken meanwhile', { message: 'Email já está em uso', code: 'email_taken' }],
  ])("shows the server's refusal of %s, with the way to a new link", async (_case, body) => {
    renderPage({ [CONFIRM]: { status: 422, body } });
    expect(await screen.findByText(body.message)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir para Minha Conta' })).toHaveAttribute(
      'href',
      '/minha-conta',
    );
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
  });

  it('offers to try again when the server could not be reached', async () => {
    let calls = 0;
    const { requests } = renderPage({
      [CONFIRM]: () => (++calls === 1 ? 'network-error' : confirmed),
    });
    expect(
      await screen.findByText(
        'Não foi possível confirmar seu e-mail. Verifique sua conexão e tente novamente.',
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('E-mail confirmado com sucesso!')).toBeVisible();
    expect(requests.map((r) => (r.body as { token: string }).token)).toEqual([TOKEN, TOKEN]);
  });
});
