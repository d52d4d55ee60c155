import { WHATSAPP_TEXTS, type WhatsappStatusJson } from '@lumina/shared/whatsapp/order-updates';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '../../../lib/auth/testing/fake-api.ts';
import {
  createFulfilmentStatus,
  createSettingsAnswer,
  renderAdmin,
  storeLogin,
} from '../testing/admin-fixtures.tsx';

const TEMPLATES = [
  {
    name: 'pedido_enviado',
    text: 'Olá, {{1}}! O pedido {{2}} foi enviado.',
    parameters: ['primeiro nome', 'número do pedido'],
  },
];

function status(overrides: Partial<WhatsappStatusJson['whatsapp']> = {}): WhatsappStatusJson {
  return {
    whatsapp: {
      configured: false,
      source: null,
      phone_number_id: null,
      token_hint: null,
      templates: TEMPLATES,
      ...overrides,
    },
  };
}

function fakeSettingsPage(
  state: { whatsapp: WhatsappStatusJson },
  other: (request: FakeRequest) => { status?: number; body?: unknown } | undefined = () =>
    undefined,
) {
  return fakeApi((request) => {
    if (request.path === '/admin/settings') return { body: createSettingsAnswer() };
    if (request.path === '/admin/fulfilment') return { body: createFulfilmentStatus() };
    if (request.path === '/admin/whatsapp' && request.method === 'GET') {
      return { body: state.whatsapp };
    }
    return other(request);
  });
}

const card = () => screen.findByRole('region', { name: WHATSAPP_TEXTS.cardTitle });

beforeEach(() => {
  localStorage.clear();
  storeLogin();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('settings: WhatsApp card', () => {
  it('saves the number id and the token, then shows only the token’s end', async () => {
    const state = { whatsapp: status() };
    const requests = fakeSettingsPage(state, (request) => {
      if (request.method !== 'PUT' || request.path !== '/admin/whatsapp') return undefined;
      state.whatsapp = status({
        configured: true,
        source: 'panel',
        phone_number_id: '106540352242922',
        token_hint: '…wxyz',
      });
      return { body: state.whatsapp };
    });
    renderAdmin('/admin/loja');
    const panel = await card();
    expect(await within(panel).findByText(WHATSAPP_TEXTS.notConfigured)).toBeVisible();
    expect(within(panel).getByText('pedido_enviado')).toBeInTheDocument();

    fireEvent.change(within(panel).getByLabelText('ID do número (Phone number ID)'), {
      target: { value: '106540352242922' },
    });
    const token = within(panel).getByLabelText('Token de acesso');
    expect(token).toHaveAttribute('type', 'password');
    fireEvent.change(token, { target: { value: 'EAAG-um-token-bem-comprido-wxyz' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Salvar WhatsApp' }));

    expect(await within(panel).findByText(WHATSAPP_TEXTS.saved)).toBeVisible();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      whatsapp: {
        phone_number_id: '106540352242922',
        access_token: 'EAAG-um-token-bem-comprido-wxyz',
      },
    });
    expect(within(panel).getByText(WHATSAPP_TEXTS.viaPanel)).toBeVisible();
    expect(within(panel).getByLabelText('Token de acesso')).toHaveValue('');
    expect(within(panel).getByText(/Salvo: …wxyz/)).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Desligar' })).toBeEnabled();
  });

  it('shows the server’s field message', async () => {
    fakeSettingsPage({ whatsapp: status() }, (request) =>
      request.method === 'PUT'
        ? {
            status: 422,
            body: {
              message: WHATSAPP_TEXTS.phoneNumberIdInvalid,
              fields: { 'whatsapp.phone_number_id': [WHATSAPP_TEXTS.phoneNumberIdInvalid] },
            },
          }
        : undefined,
    );
    renderAdmin('/admin/loja');
    const panel = await card();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Salvar WhatsApp' }));
    expect(await within(panel).findByText(WHATSAPP_TEXTS.phoneNumberIdInvalid)).toBeVisible();
  });

  it('offers no form when the server sets WhatsApp', async () => {
    fakeSettingsPage({
      whatsapp: status({
        configured: true,
        source: 'server',
        phone_number_id: '106540352242922',
        token_hint: '…abcd',
      }),
    });
    renderAdmin('/admin/loja');
    const panel = await card();
    expect(await within(panel).findByText(WHATSAPP_TEXTS.viaServer)).toBeVisible();
    expect(within(panel).queryByLabelText('Token de acesso')).toBeNull();
  });
});
