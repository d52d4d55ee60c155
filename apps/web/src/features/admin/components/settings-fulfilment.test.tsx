import type { FulfilmentStatusJson } from '@lumina/shared/fulfilment/fulfilment-json';
import { SETTINGS_MESSAGES } from '@lumina/shared/settings/store-settings';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../lib/auth/testing/fake-api.ts';
import {
  createFulfilmentStatus,
  createSettingsAnswer,
  renderAdmin,
  storeLogin,
} from '../testing/admin-fixtures.tsx';
import { AUTO_INVOICE_TEXTS } from './auto-invoice-field.tsx';
import { MELHOR_ENVIO_TEXTS } from './melhor-envio-card.tsx';

/** The settings as the API answers them once it keeps `auto_invoice`. */
function settingsWith(autoInvoice: boolean) {
  const answer = createSettingsAnswer();
  return { ...answer, settings: { ...answer.settings, auto_invoice: autoInvoice } };
}

/**
 * The settings page's calls: the settings, GET /api/admin/fulfilment as `state.status` holds it
 * now, and `other` for the rest.
 */
function fakeSettings(
  state: { status: FulfilmentStatusJson; autoInvoice?: boolean },
  other: (request: FakeRequest) => FakeAnswer | undefined = () => undefined,
) {
  return fakeApi((request) => {
    if (request.path === '/admin/settings' && request.method === 'GET') {
      return { body: settingsWith(state.autoInvoice ?? false) };
    }
    if (request.path === '/admin/fulfilment') return { body: state.status };
    return other(request);
  });
}

const card = () => screen.findByRole('region', { name: 'Melhor Envio' });

beforeEach(() => {
  localStorage.clear();
  storeLogin();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('settings: Melhor Envio card', () => {
  it('shows the connected account and its balance, and disconnects only after asking', async () => {
    const state = { status: createFulfilmentStatus() };
    const requests = fakeSettings(state, (request) => {
      if (request.method !== 'DELETE' || request.path !== '/melhorenvio/connection') {
        return undefined;
      }
      state.status = createFulfilmentStatus({ connected: false, via: null, balance: null });
      return { status: 204 };
    });
    renderAdmin('/admin/loja');
    const panel = await card();
    expect(await within(panel).findByText(MELHOR_ENVIO_TEXTS.viaOauth)).toBeVisible();
    expect(within(panel).getByText('Saldo no Melhor Envio: R$ 150,00')).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Conectar ao Melhor Envio' })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Desconectar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desconectar o Melhor Envio' });
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desconectar' }));
    expect(await within(panel).findByText(MELHOR_ENVIO_TEXTS.disconnected)).toBeVisible();
    expect(await within(panel).findByText(MELHOR_ENVIO_TEXTS.notConnected)).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Conectar ao Melhor Envio' })).toBeEnabled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends the browser to Melhor Envio on "Conectar ao Melhor Envio"', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const authorize = 'https://melhorenvio.example/oauth/authorize?state=abc';
    const requests = fakeSettings(
      { status: createFulfilmentStatus({ connected: false, via: null, balance: null }) },
      (request) =>
        request.path === '/melhorenvio/oauth/start' ? { body: { url: authorize } } : undefined,
    );
    renderAdmin('/admin/loja');
    const panel = await card();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Conectar ao Melhor Envio' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(authorize));
    expect(requests.find((request) => request.path === '/melhorenvio/oauth/start')?.method).toBe(
      'GET',
    );
  });

  it('says what the server lacks when Melhor Envio is not configured', async () => {
    fakeSettings({
      status: createFulfilmentStatus({
        configured: false,
        connected: false,
        via: null,
        balance: null,
      }),
    });
    renderAdmin('/admin/loja');
    const panel = await card();
    expect(await within(panel).findByText(MELHOR_ENVIO_TEXTS.notConfigured)).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Conectar ao Melhor Envio' })).toBeDisabled();
  });

  it("offers no disconnection for the server's token, and says when the balance is unreadable", async () => {
    fakeSettings({
      status: createFulfilmentStatus({
        via: 'token',
        balance: null,
        balance_error: 'O Melhor Envio não respondeu. Tente de novo em alguns minutos.',
      }),
    });
    renderAdmin('/admin/loja');
    const panel = await card();
    expect(await within(panel).findByText(MELHOR_ENVIO_TEXTS.viaToken)).toBeVisible();
    expect(within(panel).getByRole('status')).toHaveTextContent(
      'Não foi possível ler o saldo: O Melhor Envio não respondeu.',
    );
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('shows the outcome of the redirect once and removes it from the address', async () => {
    fakeSettings({ status: createFulfilmentStatus() });
    renderAdmin('/admin/loja?melhorenvio=connected');
    const panel = await card();
    expect(within(panel).getByText(MELHOR_ENVIO_TEXTS.connected)).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/loja$/),
    );
  });

  it('says when the connection failed', async () => {
    fakeSettings({ status: createFulfilmentStatus({ connected: false, via: null }) });
    renderAdmin('/admin/loja?melhorenvio=error');
    const panel = await card();
    expect(within(panel).getByRole('alert')).toHaveTextContent(MELHOR_ENVIO_TEXTS.failed);
  });
});

describe('settings: automatic NF-e', () => {
  it('saves the switch with the rest of the settings', async () => {
    const requests = fakeSettings({ status: createFulfilmentStatus() }, (request) =>
      request.path === '/admin/settings' && request.method === 'PUT'
        ? { body: settingsWith(true) }
        : undefined,
    );
    renderAdmin('/admin/loja');
    const toggle = await screen.findByRole('switch', { name: AUTO_INVOICE_TEXTS.label });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(AUTO_INVOICE_TEXTS.hint);
    // The line's text toggles it too: a target a thumb finds.
    fireEvent.click(screen.getByText(AUTO_INVOICE_TEXTS.label));
    expect(toggle).toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeVisible();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({
      settings: { auto_invoice: true, trade_name: 'Lumina Piercings' },
    });
    expect(toggle).toBeChecked();
  });

  it('cannot be turned on without Bling, and says where to connect it', async () => {
    fakeSettings({ status: createFulfilmentStatus({}, { available: false }) });
    renderAdmin('/admin/loja');
    const toggle = await screen.findByRole('switch', { name: AUTO_INVOICE_TEXTS.label });
    await waitFor(() => expect(toggle).toBeDisabled());
    expect(toggle).toHaveAccessibleDescription(`${AUTO_INVOICE_TEXTS.needsBling} Ir para Produtos`);
    expect(screen.getByRole('link', { name: 'Ir para Produtos' })).toHaveAttribute(
      'href',
      '/admin/produtos',
    );
  });

  it('can still be turned off when Bling went away', async () => {
    const requests = fakeSettings(
      {
        status: createFulfilmentStatus({}, { available: false, auto_invoice: true }),
        autoInvoice: true,
      },
      (request) =>
        request.path === '/admin/settings' && request.method === 'PUT'
          ? { body: settingsWith(false) }
          : undefined,
    );
    renderAdmin('/admin/loja');
    const toggle = await screen.findByRole('switch', { name: AUTO_INVOICE_TEXTS.label });
    expect(toggle).toBeChecked();
    await screen.findByText(AUTO_INVOICE_TEXTS.needsBling);
    expect(toggle).toBeEnabled();
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    await screen.findByText(SETTINGS_MESSAGES.saved);
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      settings: { auto_invoice: false },
    });
  });
});
