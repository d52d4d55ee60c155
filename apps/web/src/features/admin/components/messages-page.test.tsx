import type { ContactMessage, ContactMessageList } from '@lumina/shared/contact/contact-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../lib/auth/testing/fake-api.ts';
import { renderAdmin, storeLogin } from '../testing/admin-fixtures.tsx';

function createMessage(overrides: Partial<ContactMessage> = {}): ContactMessage {
  return {
    id: 1,
    name: 'Bia Quintana',
    email: 'bia@example.com',
    subject: 'Vocês têm argola 6 mm?',
    message: 'Vocês têm argola 6 mm?\nDe titânio.',
    status: 'new',
    status_label: 'Não lida',
    created_at: '2026-11-20T15:30:00.000Z',
    account: { id: 9, name: 'Bia Quintana', orders_count: 2 },
    ...overrides,
  };
}

function listOf(messages: ContactMessage[]): ContactMessageList {
  return {
    messages,
    total: messages.length,
    page: 1,
    per_page: 20,
    total_pages: 1,
    unread: messages.filter((m) => m.status === 'new').length,
  };
}

beforeEach(() => {
  storeLogin();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/admin/mensagens', () => {
  it('shows each message with its sender, orders, reply link and the unread count', async () => {
    let messages = [
      createMessage(),
      createMessage({
        id: 2,
        name: 'Caio',
        email: 'caio@example.com',
        subject: 'Troca',
        message: 'Troca',
        status: 'answered',
        status_label: 'Respondida',
        account: null,
      }),
    ];
    const requests = fakeApi((request) => {
      if (request.method === 'PATCH' && request.path === '/admin/contact_messages/1') {
        messages = messages.map((m) =>
          m.id === 1 ? { ...m, status: 'read', status_label: 'Lida' } : m,
        );
        return {
          body: { message: 'Mensagem atualizada.', contact_message: messages[0], unread: 0 },
        };
      }
      if (request.path.startsWith('/admin/contact_messages')) return { body: listOf(messages) };
      return undefined;
    });
    renderAdmin('/admin/mensagens');

    const bia = await screen.findByRole('listitem', { name: 'Mensagem de Bia Quintana' });
    expect(within(bia).getByRole('heading', { name: 'Vocês têm argola 6 mm?' })).toBeTruthy();
    expect(within(bia).getByText('Não lida')).toBeTruthy();
    expect(
      within(bia).getByRole('link', { name: 'Cliente cadastrado: 2 pedidos' }).getAttribute('href'),
    ).toBe('/admin/pedidos?q=bia%40example.com');
    const reply = within(bia).getByRole('link', { name: 'Responder por e-mail' });
    expect(reply.getAttribute('href')).toMatch(
      /^mailto:bia%40example\.com\?subject=Re%3A%20Voc%C3%AAs%20t%C3%AAm/,
    );
    const caio = screen.getByRole('listitem', { name: 'Mensagem de Caio' });
    expect(within(caio).queryByRole('link', { name: /Cliente cadastrado/ })).toBeNull();
    expect(within(caio).queryByRole('button', { name: 'Marcar como respondida' })).toBeNull();
    // The sidebar's link (the phone's bar has its own, hidden by CSS on desktops).
    const tab = within(screen.getByRole('complementary')).getByRole('link', { name: /Mensagens/ });
    await waitFor(() => expect(within(tab).getByTestId('unread-messages').textContent).toBe('1'));

    fireEvent.click(within(bia).getByRole('button', { name: 'Marcar como lida' }));
    await waitFor(() => expect(within(bia).getByText('Lida')).toBeTruthy());
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ status: 'read' });
    await waitFor(() => expect(within(tab).queryByTestId('unread-messages')).toBeNull());
  });

  it('filters by status through the address', async () => {
    const requests = fakeApi((request) =>
      request.path.startsWith('/admin/contact_messages') ? { body: listOf([]) } : undefined,
    );
    renderAdmin('/admin/mensagens');
    fireEvent.click(await screen.findByRole('button', { name: 'Respondidas' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/admin/mensagens?status=answered'),
    );
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/admin/contact_messages?status=answered')).toBe(true),
    );
    expect(await screen.findByText('Nenhuma mensagem por aqui.')).toBeTruthy();
  });
});
