import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import { fakeApi } from '../../../lib/auth/testing/fake-api.ts';
import { toastChannel, type ToastMessage } from '../../../lib/ui-events.ts';
import {
  createDetail,
  createList,
  createRow,
  renderAdmin,
  storeLogin,
} from '../testing/admin-fixtures.tsx';

let toasts: ToastMessage[] = [];
let unsubscribe: () => void = () => undefined;

beforeEach(() => {
  localStorage.clear();
  toasts = [];
  unsubscribe = toastChannel.subscribe((toast) => toasts.push(toast));
});
afterEach(() => {
  unsubscribe();
  vi.unstubAllGlobals();
});

describe('admin guard', () => {
  it('sends a customer to /minha-conta with the restricted-access message', async () => {
    storeLogin(createUser({ role: 'customer' }));
    const requests = fakeApi(() => undefined);
    renderAdmin('/admin/pedidos');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/minha-conta'));
    expect(toasts.map((toast) => toast.message)).toContain(
      'Acesso restrito! Apenas administradores podem acessar esta página.',
    );
    // No admin data was even asked for.
    expect(requests.filter((request) => request.path.startsWith('/admin'))).toEqual([]);
  });

  it('sends a visitor who is not logged in away too', async () => {
    fakeApi(() => undefined);
    renderAdmin('/admin/pedidos');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/minha-conta'));
  });

  it('lets an administrator in, with the panel shell', async () => {
    storeLogin();
    fakeApi(() => ({ body: createList([]) }));
    renderAdmin('/admin/pedidos');
    const sidebar = await screen.findByRole('complementary');
    expect(within(sidebar).getByText('Painel administrativo')).toBeVisible();
    expect(within(sidebar).getByRole('link', { name: 'Ver loja' })).toHaveAttribute('href', '/');
    expect(within(sidebar).getByRole('button', { name: 'Sair' })).toBeVisible();
    expect(await screen.findByText('Nenhum pedido encontrado.')).toBeVisible();
  });
});

describe('orders list', () => {
  it('shows the orders with their badges and sends the filters through the address', async () => {
    storeLogin();
    const rows = [
      createRow(),
      createRow({
        id: 42,
        order_number: 'LP001042',
        status: 'shipped',
        payment_status: 'approved',
        tracking_code: 'AA473124829BR',
      }),
      createRow({
        id: 43,
        order_number: 'LP001043',
        status: 'cancelled',
        payment_status: 'approved',
        paid_after_cancel: true,
      }),
    ];
    const requests = fakeApi(() => ({
      body: createList(rows, { alerts: { paid_after_cancel: 1 } }),
    }));
    renderAdmin('/admin/pedidos');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'LP001041' })).toHaveAttribute(
      'href',
      '/admin/pedidos/41',
    );
    expect(within(table).getAllByText('R$ 129,90')).toHaveLength(3);
    expect(within(table).getByText('AA473124829BR')).toBeInTheDocument();
    expect(within(table).getByText('Enviado')).toBeInTheDocument();
    expect(within(table).getAllByText('Pago após cancelamento')).toHaveLength(1);
    expect(screen.getByText(/1 pedido cancelado recebeu pagamento depois/)).toBeVisible();

    fireEvent.change(screen.getByLabelText('Situação'), { target: { value: 'shipped' } });
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: ' bia ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/admin/pedidos?status=shipped&q=bia',
      ),
    );
    await waitFor(() => expect(requests.at(-1)?.path).toBe('/admin/orders?status=shipped&q=bia'));
  });

  it('pages through the results', async () => {
    storeLogin();
    const requests = fakeApi((request) => ({
      body: createList([createRow()], {
        total: 45,
        total_pages: 3,
        page: request.path.includes('page=2') ? 2 : 1,
      }),
    }));
    renderAdmin('/admin/pedidos');
    expect(await screen.findByText('Página 1 de 3')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(await screen.findByText('Página 2 de 3')).toBeVisible();
    expect(requests.at(-1)?.path).toBe('/admin/orders?page=2');
  });

  it('says the session expired on a 401', async () => {
    storeLogin();
    fakeApi(() => ({ status: 401, body: { code: 'not_authenticated', message: 'x' } }));
    renderAdmin('/admin/pedidos');
    await waitFor(() =>
      expect(toasts.map((toast) => toast.message)).toContain(
        'Sessão expirada. Faça login novamente.',
      ),
    );
  });
});

describe('order detail and actions', () => {
  it('offers only the available actions and confirms a payment after asking', async () => {
    storeLogin();
    const paid = createDetail(
      { status: 'processing', payment_status: 'approved' },
      { available_actions: ['ship', 'cancel'] },
    );
    const requests = fakeApi((request) =>
      request.method === 'POST'
        ? {
            body: {
              ...paid,
              changed: true,
              message: 'Pagamento confirmado. O cliente foi avisado por e-mail.',
            },
          }
        : { body: createDetail() },
    );
    renderAdmin('/admin/pedidos/41');
    expect(await screen.findByRole('heading', { name: 'Pedido LP001041' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Confirmar pagamento' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancelar pedido' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Marcar como enviado' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Confirmar pagamento' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('R$ 129,90');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar pagamento' }));
    expect(
      await screen.findByText('Pagamento confirmado. O cliente foi avisado por e-mail.'),
    ).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST').map((r) => r.path)).toEqual([
      '/admin/orders/41/confirm_payment',
    ]);
    expect(screen.getByRole('button', { name: 'Marcar como enviado' })).toBeVisible();
  });

  it("shows an item's variant values under its name, beside its SKU", async () => {
    storeLogin();
    const base = createDetail();
    const [item] = base.order.items;
    fakeApi(() => ({
      body: createDetail({
        items: [{ ...item!, option_values: { Diâmetro: '8 mm', Cor: 'Dourado' } }],
      }),
    }));
    renderAdmin('/admin/pedidos/41');
    expect(await screen.findByText('Diâmetro: 8 mm · Cor: Dourado')).toBeVisible();
    expect(screen.getByText('SKU ARG-001 · 2 × R$ 55,00')).toBeVisible();
  });

  it('ships with a tracking code checked by the shared rule, sent normalised', async () => {
    storeLogin();
    const paid = createDetail(
      { status: 'processing', payment_status: 'approved' },
      { available_actions: ['ship', 'cancel'] },
    );
    const requests = fakeApi((request) =>
      request.method === 'POST'
        ? {
            body: {
              ...createDetail(
                { status: 'shipped', tracking_code: 'AA473124829BR' },
                { available_actions: ['deliver'] },
              ),
              changed: true,
              message: 'Pedido marcado como enviado.',
            },
          }
        : { body: paid },
    );
    renderAdmin('/admin/pedidos/41');
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar como enviado' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('Código de rastreio');
    fireEvent.change(field, { target: { value: 'AA473124828BR' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como enviado' }));
    expect(await within(dialog).findByText(/^Código de rastreio inválido/)).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    fireEvent.change(field, { target: { value: 'aa 473124829 br' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como enviado' }));
    expect(await screen.findByText('Pedido marcado como enviado.')).toBeVisible();
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      path: '/admin/orders/41/ship',
      body: { tracking_code: 'AA473124829BR' },
    });
  });

  it("shows the server's refusal in the dialog", async () => {
    storeLogin();
    fakeApi((request) =>
      request.method === 'POST'
        ? {
            status: 409,
            body: {
              type: 'conflict',
              code: 'order_shipped',
              message: 'Pedidos enviados ou entregues não podem ser cancelados.',
            },
          }
        : { body: createDetail() },
    );
    renderAdmin('/admin/pedidos/41');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar pedido' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('as peças voltam ao estoque');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));
    expect(
      await within(dialog).findByText('Pedidos enviados ou entregues não podem ser cancelados.'),
    ).toBeVisible();
  });

  it('calls out a late payment and a manual refund', async () => {
    storeLogin();
    fakeApi(() => ({
      body: createDetail(
        { status: 'cancelled', payment_status: 'approved', paid_after_cancel: true },
        { available_actions: ['confirm_payment', 'cancel'] },
      ),
    }));
    renderAdmin('/admin/pedidos/41');
    expect(await screen.findByRole('heading', { name: 'Pedido LP001041' })).toBeVisible();
    expect(screen.getAllByText('Pago após cancelamento').length).toBeGreaterThan(0);
    expect(
      screen.getByRole('button', { name: 'Pagamento recebido: restaurar pedido' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Devolver o pagamento' })).toBeVisible();
  });
});
