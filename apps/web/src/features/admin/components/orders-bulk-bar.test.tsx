import { FULFILMENT_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../lib/auth/testing/fake-api.ts';
import {
  createLabel,
  createList,
  createRow,
  renderAdmin,
  storeLogin,
} from '../testing/admin-fixtures.tsx';

const ROWS = [
  createRow({ status: 'processing', payment_status: 'approved' }),
  createRow({ id: 42, order_number: 'LP001042', status: 'processing', payment_status: 'approved' }),
  createRow({ id: 43, order_number: 'LP001043', status: 'processing', payment_status: 'approved' }),
];

/** The list answers every GET (pages by ?page=); `post` the bulk calls. */
function fakeList(
  post: (request: FakeRequest) => FakeAnswer | undefined = () => undefined,
  rows: unknown[] = ROWS,
) {
  return fakeApi((request) => {
    if (request.method === 'POST') return post(request);
    if (!request.path.startsWith('/admin/orders')) return undefined;
    const page = request.path.includes('page=2') ? 2 : 1;
    return { body: { ...createList(ROWS), orders: rows, total_pages: 2, page } };
  });
}

/** The wide screen's table: the phone's cards repeat the same boxes. */
const table = async () => screen.findByRole('table');
const tick = async (orderNumber: string) =>
  fireEvent.click(
    within(await table()).getByRole('checkbox', { name: `Selecionar pedido #${orderNumber}` }),
  );
const bar = () => screen.getByRole('group', { name: 'Pedidos selecionados' });

beforeEach(() => {
  localStorage.clear();
  storeLogin();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('orders list: labels in bulk', () => {
  it("shows a row's label and NF-e states, and nothing for an order without them", async () => {
    fakeList(undefined, [
      { ...ROWS[0], label_state: 'generated', invoice_state: 'authorised' },
      { ...ROWS[1], label_state: null, invoice_state: null },
    ]);
    renderAdmin('/admin/pedidos');
    const rows = within(await table()).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Etiqueta: Pronta para imprimir');
    expect(rows[1]).toHaveTextContent('NF-e: Autorizada');
    expect(rows[2]).not.toHaveTextContent('Etiqueta:');
    expect(rows[2]).not.toHaveTextContent('NF-e:');
  });

  it('ticks rows one by one or the whole page, and the buttons wait for a tick', async () => {
    fakeList();
    renderAdmin('/admin/pedidos');
    await table();
    const all = within(bar()).getByRole('checkbox', { name: 'Selecionar todos da página' });
    expect(within(bar()).getByRole('button', { name: 'Gerar etiquetas' })).toBeDisabled();
    expect(within(bar()).getByRole('button', { name: 'Imprimir etiquetas' })).toBeDisabled();

    await tick('LP001042');
    expect(within(bar()).getByText('1 selecionado')).toBeVisible();
    expect(all).not.toBeChecked();
    expect(all).toBePartiallyChecked();
    expect(within(bar()).getByRole('button', { name: 'Gerar etiquetas' })).toBeEnabled();

    fireEvent.click(all);
    expect(within(bar()).getByText('3 selecionados')).toBeVisible();
    for (const box of screen.getAllByRole('checkbox', { name: /^Selecionar pedido #/ })) {
      expect(box).toBeChecked();
    }
    fireEvent.click(all);
    expect(within(bar()).getByText('0 selecionados')).toBeVisible();
  });

  it('forgets the ticks on another page', async () => {
    fakeList();
    renderAdmin('/admin/pedidos');
    await tick('LP001041');
    expect(within(bar()).getByText('1 selecionado')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(await screen.findByText('Página 2 de 2')).toBeVisible();
    expect(within(bar()).getByText('0 selecionados')).toBeVisible();
  });

  it('buys the labels of the ticked orders and says what happened to each', async () => {
    const requests = fakeList((request) =>
      request.path === '/admin/labels'
        ? {
            body: {
              results: [
                { order_id: 41, label: createLabel() },
                { order_id: 43, error: FULFILMENT_MESSAGES.insufficientBalance },
              ],
            },
          }
        : undefined,
    );
    renderAdmin('/admin/pedidos');
    await tick('LP001041');
    await tick('LP001043');
    fireEvent.click(within(bar()).getByRole('button', { name: 'Gerar etiquetas' }));
    const summary = await screen.findByText('1 etiqueta gerada de 2.');
    expect(summary.closest('[role="status"]')).toHaveTextContent(
      `Pedido LP001043: ${FULFILMENT_MESSAGES.insufficientBalance}`,
    );
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => [request.path, request.body])).toEqual([
      ['/admin/labels', { order_ids: [41, 43] }],
    ]);
    // The list is read again for the new badges; the ticks stay for 'Imprimir etiquetas'.
    await waitFor(() =>
      expect(requests.filter((request) => request.path === '/admin/orders').length).toBe(2),
    );
    expect(within(bar()).getByText('2 selecionados')).toBeVisible();
  });

  it('says when every purchase failed', async () => {
    fakeList((request) =>
      request.path === '/admin/labels'
        ? { body: { results: [{ order_id: 42, error: FULFILMENT_MESSAGES.melhorEnvioDown }] } }
        : undefined,
    );
    renderAdmin('/admin/pedidos');
    await tick('LP001042');
    fireEvent.click(within(bar()).getByRole('button', { name: 'Gerar etiquetas' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('0 etiquetas geradas de 1.');
    expect(alert).toHaveTextContent(`Pedido LP001042: ${FULFILMENT_MESSAGES.melhorEnvioDown}`);
  });

  it("shows the API's refusal of the whole batch", async () => {
    fakeList((request) =>
      request.path === '/admin/labels'
        ? { status: 409, body: { error: FULFILMENT_MESSAGES.notConnected, code: 'not_connected' } }
        : undefined,
    );
    renderAdmin('/admin/pedidos');
    await tick('LP001041');
    fireEvent.click(within(bar()).getByRole('button', { name: 'Gerar etiquetas' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FULFILMENT_MESSAGES.notConnected);
  });

  it("prints the ticked orders' labels in one PDF, in a tab opened on the tap", async () => {
    const tab = { opener: {} as unknown, closed: false, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const pdf = 'https://melhorenvio.example/imprimir/lote.pdf';
    const requests = fakeList((request) =>
      request.path === '/admin/labels/print' ? { body: { url: pdf } } : undefined,
    );
    renderAdmin('/admin/pedidos');
    fireEvent.click(
      within(await table()).getByRole('checkbox', { name: 'Selecionar pedido #LP001042' }),
    );
    fireEvent.click(within(bar()).getByRole('checkbox', { name: 'Selecionar todos da página' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Imprimir etiquetas' }));
    await waitFor(() => expect(tab.location.href).toBe(pdf));
    expect(tab.opener).toBeNull();
    expect(requests.find((request) => request.path === '/admin/labels/print')?.body).toEqual({
      order_ids: [41, 42, 43],
    });
  });
});
