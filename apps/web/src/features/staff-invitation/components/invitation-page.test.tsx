import { STAFF_MESSAGES, STAFF_ROLE_DESCRIPTIONS } from '@lumina/shared/admin/staff';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeHandler } from '../../../lib/auth/testing/fake-api.ts';
import { InvitationPage } from './invitation-page.tsx';

const TOKEN = 'abcDEF123_-abcDEF123_-abcDEF123_-abcDEF1234';

function renderPage(handler: FakeHandler) {
  const requests = fakeApi(handler);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/convite/${TOKEN}`]}>
        <InvitationPage token={TOKEN} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return requests;
}

const preview = {
  body: {
    invitation: {
      email: 'bruna@example.com',
      role: 'operator',
      shop_name: 'Lumina Piercings',
      expires_at: '2026-12-04T12:00:00.000Z',
    },
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('/convite/:token', () => {
  it('shows the shop and the role, and creates the account, then says to sign in', async () => {
    const requests = renderPage((request) =>
      request.method === 'POST'
        ? {
            status: 201,
            body: { success: true, message: STAFF_MESSAGES.accepted, email: 'bruna@example.com' },
          }
        : preview,
    );
    expect(
      await screen.findByRole('heading', { name: 'Equipe da Lumina Piercings' }),
    ).toBeVisible();
    expect(screen.getByText(STAFF_ROLE_DESCRIPTIONS.operator, { exact: false })).toBeVisible();
    expect(screen.getByLabelText('E-mail')).toHaveValue('bruna@example.com');

    fireEvent.change(screen.getByLabelText('Nome completo'), {
      target: { value: 'Bruna Tavares' },
    });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'Convite#Forte9' } });
    fireEvent.change(screen.getByLabelText('Confirmar senha'), {
      target: { value: 'Convite#Forte9' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Aceitar convite' }));
    expect(await screen.findByText(STAFF_MESSAGES.accepted)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/minha-conta');
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/staff_invitations/${TOKEN}`,
      body: {
        name: 'Bruna Tavares',
        password: 'Convite#Forte9',
        password_confirmation: 'Convite#Forte9',
      },
    });
  });

  it('checks the form with the register rules before sending', async () => {
    const requests = renderPage(() => preview);
    await screen.findByRole('heading', { name: 'Equipe da Lumina Piercings' });
    fireEvent.change(screen.getByLabelText('Nome completo'), {
      target: { value: 'Bruna Tavares' },
    });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'Convite#Forte9' } });
    fireEvent.change(screen.getByLabelText('Confirmar senha'), {
      target: { value: 'Outra#Forte9' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Aceitar convite' }));
    expect(await screen.findByText('Senhas não coincidem')).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it.each([
    ['expired', 422, STAFF_MESSAGES.expiredLink, 'invitation_expired'],
    ['used', 422, STAFF_MESSAGES.usedLink, 'invitation_used'],
    ['unknown', 404, STAFF_MESSAGES.invalidLink, 'invitation_invalid'],
  ])('shows the pt-BR refusal of an %s link', async (_case, status, message, code) => {
    renderPage(() => ({ status, body: { message, code } }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Aceitar convite' })).toBeNull();
  });
});
