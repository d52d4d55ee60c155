import { REMINDER_MESSAGES } from '@lumina/shared/reminders/reminders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { AuthProvider } from '../../../lib/auth/auth-provider.tsx';
import { fakeApi, type FakeHandler } from '../../../lib/auth/testing/fake-api.ts';
import { createTestSession } from '../../../lib/auth/testing/signed-in.ts';
import { UnsubscribePage } from './unsubscribe-page.tsx';

const TOKEN = 'abcdefghijklmnopqrstuv.ABCDEFGHIJKLMNOPQRSTUV';
const PATH = `/unsubscribe/${TOKEN}`;

function renderPage(handler: FakeHandler) {
  const requests = fakeApi(handler);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider session={createTestSession()}>
        <MemoryRouter>
          <UnsubscribePage token={TOKEN} />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/descadastrar/:token', () => {
  it('asks first, changing nothing on opening, and unsubscribes with the one-click POST', async () => {
    const requests = renderPage((request) => {
      if (request.path !== PATH) return undefined;
      return request.method === 'GET'
        ? { body: { unsubscribe: { email: 'b***@example.com', subscribed: true } } }
        : { body: { unsubscribed: true, message: REMINDER_MESSAGES.unsubscribed } };
    });
    expect(await screen.findByText('b***@example.com')).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Não quero mais receber' }));
    expect(await screen.findByText(REMINDER_MESSAGES.unsubscribed)).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST')).toMatchObject([
      { path: PATH, body: { 'List-Unsubscribe': 'One-Click' } },
    ]);
    expect(screen.queryByRole('button', { name: 'Não quero mais receber' })).toBeNull();
  });

  it('says when the address no longer receives them', async () => {
    renderPage((request) =>
      request.path === PATH
        ? { body: { unsubscribe: { email: 'b***@example.com', subscribed: false } } }
        : undefined,
    );
    expect(
      await screen.findByText('Este endereço já não recebe e-mails de marketing da loja.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Não quero mais receber' })).toBeNull();
  });

  it('refuses a forged link in pt-BR, with the way to the personal-data page', async () => {
    const requests = renderPage((request) =>
      request.path === PATH
        ? { status: 404, body: { message: REMINDER_MESSAGES.unsubscribeInvalid } }
        : undefined,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      REMINDER_MESSAGES.unsubscribeInvalid,
    );
    expect(screen.getByRole('link', { name: 'Gerenciar dados' })).toHaveAttribute(
      'href',
      '/gerenciar-dados',
    );
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });
});
