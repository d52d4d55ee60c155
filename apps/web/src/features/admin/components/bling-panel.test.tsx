import type { AdminStats } from '@lumina/shared/admin/admin-stats';
import { BLING_TEXTS, type BlingStatus } from '@lumina/shared/admin/bling';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '../../../lib/auth/testing/fake-api.ts';
import { renderAdmin, storeLogin } from '../testing/admin-fixtures.tsx';

const STATS: AdminStats = {
  products: {
    total: 0,
    active: 0,
    inactive: 0,
    out_of_stock: 0,
    from_bling: 0,
    pending: 0,
    failed: 0,
  },
  orders: {
    today: 0,
    awaiting_payment: 0,
    paid_not_shipped: 0,
    revenue: { today: 0, last_7_days: 0, last_30_days: 0 },
  },
  customers: { total: 0, new_last_7_days: 0 },
  generated_at: '2026-11-24T12:00:00.000Z',
};

const EMPTY_LIST = { products: [], total: 0, page: 1, per_page: 10, total_pages: 1 };

function createStatus(overrides: Partial<BlingStatus> = {}): BlingStatus {
  return {
    configured: true,
    connected: true,
    connected_at: '2026-11-20T15:30:00.000Z',
    last_sync_at: null,
    sync_running: false,
    sync_started_at: null,
    sync_finished_at: null,
    sync_summary: null,
    attention: { sales_orders_failed: 0, sales_orders_uncertain: 0, stock_movements_in_doubt: 0 },
    ...overrides,
  };
}

/** The products page's own calls answered, the Bling ones by `bling`. */
function fakeShop(
  status: BlingStatus,
  bling: (request: FakeRequest) => { body: unknown } | undefined,
) {
  return fakeApi((request) => {
    if (request.path === '/bling/status') return { body: status };
    if (request.path.startsWith('/admin/stats')) return { body: STATS };
    if (request.path.startsWith('/admin/products')) return { body: EMPTY_LIST };
    return bling(request);
  });
}

const card = () => screen.findByRole('region', { name: 'Bling ERP' });
const count = (requests: FakeRequest[], prefix: string) =>
  requests.filter((request) => request.path.startsWith(prefix)).length;

beforeEach(() => {
  localStorage.clear();
  storeLogin();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Bling ERP card', () => {
  it('says why the actions are unavailable when Bling is not configured', async () => {
    fakeShop(
      createStatus({ configured: false, connected: false, connected_at: null }),
      () => undefined,
    );
    renderAdmin('/admin/produtos');
    const panel = await card();
    expect(await within(panel).findByText(BLING_TEXTS.notConfigured)).toBeVisible();
    for (const name of [
      'Conectar ao Bling',
      'Sincronizar pendentes',
      'Sincronização completa',
      'Testar webhook',
    ]) {
      expect(within(panel).getByRole('button', { name })).toBeDisabled();
    }
  });

  it('tells the owner what to check in Bling: refused or unanswered orders and movements', async () => {
    fakeShop(
      createStatus({
        attention: {
          sales_orders_failed: 1,
          sales_orders_uncertain: 2,
          stock_movements_in_doubt: 3,
        },
      }),
      () => undefined,
    );
    renderAdmin('/admin/produtos');
    const panel = await card();
    expect(await within(panel).findByText('Confira no Bling')).toBeVisible();
    expect(
      within(panel).getByText('1 pedido pago foi recusado pelo Bling como pedido de venda.'),
    ).toBeVisible();
    expect(
      within(panel).getByText(
        '2 pedidos pagos ficaram sem resposta do Bling: confira se chegaram lá.',
      ),
    ).toBeVisible();
    expect(
      within(panel).getByText(
        '3 movimentos de estoque não foram confirmados pelo Bling: confira os saldos e use "Sincronização completa".',
      ),
    ).toBeVisible();
  });

  it('sends the browser to Bling on "Conectar ao Bling"', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const requests = fakeShop(createStatus({ connected: false, connected_at: null }), (request) =>
      request.path === '/bling/oauth/start'
        ? { body: { url: 'https://www.bling.com.br/Api/v3/oauth/authorize?state=abc' } }
        : undefined,
    );
    renderAdmin('/admin/produtos');
    const panel = await card();
    expect(await within(panel).findByText('Bling não conectado.')).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Sincronização completa' })).toBeDisabled();
    expect(
      within(panel).getByRole('button', { name: 'Sincronizar pendentes' }),
    ).toHaveAccessibleDescription('Conecte o Bling para sincronizar os produtos.');
    expect(within(panel).getByRole('button', { name: 'Testar webhook' })).toBeEnabled();
    fireEvent.click(within(panel).getByRole('button', { name: 'Conectar ao Bling' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'https://www.bling.com.br/Api/v3/oauth/authorize?state=abc',
      ),
    );
    expect(requests.find((request) => request.path === '/bling/oauth/start')?.method).toBe('GET');
  });

  it('starts a full sync, shows the answer and reads the list and figures again 2 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const message = BLING_TEXTS.fullSyncStarted;
    const requests = fakeShop(
      createStatus({
        last_sync_at: '2026-11-24T10:00:00.000Z',
        sync_summary: {
          kind: 'full',
          created: 12,
          updated: 3,
          skipped: 0,
          failed: 1,
          errors: ['SKU ARG-9: preço inválido'],
          stopped: null,
        },
      }),
      (request) =>
        request.method === 'POST' && request.path === '/products/sync_full_with_bling'
          ? { body: { message } }
          : undefined,
    );
    renderAdmin('/admin/produtos');
    const panel = await card();
    expect(
      await within(panel).findByText(
        'Última execução (completa): 12 criados, 3 atualizados, 1 com falha',
      ),
    ).toBeVisible();
    expect(within(panel).getByText('SKU ARG-9: preço inválido')).toBeInTheDocument();
    await screen.findByText('Nenhum produto encontrado.');
    const before = {
      status: count(requests, '/bling/status'),
      products: count(requests, '/admin/products'),
      stats: count(requests, '/admin/stats'),
    };

    fireEvent.click(within(panel).getByRole('button', { name: 'Sincronização completa' }));
    expect(await within(panel).findByText(message)).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST').map((r) => r.path)).toEqual([
      '/products/sync_full_with_bling',
    ]);
    // The status at once; the list and the figures not yet.
    expect(count(requests, '/bling/status')).toBe(before.status + 1);
    act(() => {
      vi.advanceTimersByTime(1_500);
    });
    expect(count(requests, '/admin/products')).toBe(before.products);
    expect(count(requests, '/admin/stats')).toBe(before.stats);

    act(() => {
      vi.advanceTimersByTime(500);
    });
    await waitFor(() => expect(count(requests, '/admin/products')).toBe(before.products + 1));
    expect(count(requests, '/admin/stats')).toBe(before.stats + 1);
  });

  it('shows the outcome of the Bling redirect once and removes it from the address', async () => {
    fakeShop(createStatus(), () => undefined);
    renderAdmin('/admin/produtos?bling=conectado&filter=bling');
    const panel = await card();
    expect(within(panel).getByText(BLING_TEXTS.connected)).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/produtos\?filter=bling$/),
    );
  });

  it('tests the webhook and says what arrived', async () => {
    fakeShop(createStatus({ connected: false, connected_at: null }), (request) =>
      request.method === 'POST' && request.path === '/bling/test_webhook'
        ? {
            body: {
              success: true,
              message: 'Webhook de teste processado.',
              test_data: { name: 'Produto Teste Webhook' },
            },
          }
        : undefined,
    );
    renderAdmin('/admin/produtos');
    const panel = await card();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Testar webhook' }));
    expect(await within(panel).findByText('Webhook recebido: Produto Teste Webhook')).toBeVisible();
  });

  it('disconnects only after confirmation', async () => {
    const requests = fakeShop(createStatus(), (request) =>
      request.method === 'DELETE' && request.path === '/bling/connection'
        ? { body: { message: BLING_TEXTS.disconnected } }
        : undefined,
    );
    renderAdmin('/admin/produtos');
    const panel = await card();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Desconectar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desconectar o Bling' });
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desconectar' }));
    expect(await within(panel).findByText(BLING_TEXTS.disconnected)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('disables the syncs while one runs, and shows why the server refused an action', async () => {
    fakeApi((request) => {
      if (request.path === '/bling/status') return { body: createStatus({ sync_running: true }) };
      if (request.path.startsWith('/admin/stats')) return { body: STATS };
      if (request.path.startsWith('/admin/products')) return { body: EMPTY_LIST };
      if (request.path === '/bling/test_webhook') {
        return {
          status: 503,
          body: { code: 'bling_not_connected', message: BLING_TEXTS.notConnected },
        };
      }
      return undefined;
    });
    renderAdmin('/admin/produtos');
    const panel = await card();
    await waitFor(() =>
      expect(within(panel).getByRole('status')).toHaveTextContent('Sincronizando com o Bling...'),
    );
    expect(within(panel).getByRole('button', { name: 'Sincronização completa' })).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Sincronizar pendentes' })).toBeDisabled();
    fireEvent.click(within(panel).getByRole('button', { name: 'Testar webhook' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(BLING_TEXTS.notConnected);
  });
});
