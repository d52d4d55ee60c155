import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderListItem } from '../../../lib/payment/payment-api.ts';
import { fakeApi, type FakeRoutes } from '../testing/fake-api.ts';
import { renderAccount, storeLogin } from '../testing/render-account.tsx';
import { OrdersTab } from './orders-tab.tsx';

function createOrder(overrides: Partial<OrderListItem> = {}): OrderListItem {
  return {
    id: 12,
    order_number: 'LP-000012',
    created_at: '2025-06-15T12:30:00.000Z',
    status: 'pending',
    payment_status: 'pending',
    payment_method: 'pix',
    total: 'R$ 109,90',
    total_cents: 10990,
    coupon_code: null,
    items_count: 2,
    items: [
      {
        product_name: 'Argola Lisa',
        option_values: { Diâmetro: '8 mm' },
        image_url: '/product-images/argola.svg',
        quantity: 2,
        total_price: 99.9,
      },
      {
        product_name: 'Labret Titânio',
        option_values: {},
        image_url: null,
        quantity: 1,
        total_price: 10,
      },
    ],
    tracking_code: null,
    tracking_carrier: null,
    tracking_url: null,
    payment_info: {
      can_pay: true,
      message: 'Pagamento PIX pendente',
      qr_code: '00020126pix-copia-e-cola',
      ticket_url: null,
      payment_id: 55,
    },
    ...overrides,
  };
}

const PAID = createOrder({
  id: 13,
  order_number: 'LP-000013',
  status: 'shipped',
  payment_status: 'approved',
  total: 'R$ 59,90',
  items: [
    { product_name: 'Nostril', option_values: {}, image_url: null, quantity: 1, total_price: 59.9 },
  ],
  payment_info: { can_pay: false, message: '', qr_code: null, ticket_url: null, payment_id: 7 },
});

function renderTab(routes: FakeRoutes) {
  const requests = fakeApi(routes);
  renderAccount(<OrdersTab />, { route: '/minha-conta?aba=pedidos', path: '/minha-conta' });
  return requests;
}

beforeEach(() => {
  localStorage.clear();
  storeLogin();
});
afterEach(() => vi.unstubAllGlobals());

describe('OrdersTab', () => {
  it('lists each order with number, date, badges, items and total', async () => {
    renderTab({ 'GET /api/my_orders': { body: { orders: [createOrder(), PAID] } } });
    const first = await screen.findByRole('article', { name: 'Pedido LP-000012' });
    expect(within(first).getByText('15/06/2025')).toBeVisible();
    expect(within(first).getByText('Pendente')).toBeVisible();
    expect(within(first).getByText('Aguardando Pagamento')).toBeVisible();
    const lines = within(first).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Argola Lisa');
    expect(lines[0]).toHaveTextContent('Quantidade: 2');
    expect(lines[0]).toHaveTextContent('R$ 99,90');
    expect(lines[0]!.querySelector('img')).toHaveAttribute('src', '/product-images/argola.svg');
    expect(within(first).getByText('R$ 109,90')).toBeVisible();
    expect(within(first).getByRole('link', { name: 'Pagar com PIX' })).toHaveAttribute(
      'href',
      '/payment-pix?order_id=12&payment_id=55',
    );

    const second = screen.getByRole('article', { name: 'Pedido LP-000013' });
    expect(within(second).getByText('Enviado')).toBeVisible();
    expect(within(second).getByText('Pago')).toBeVisible();
    expect(within(second).queryByRole('link', { name: 'Pagar com PIX' })).not.toBeInTheDocument();
  });

  it('says the coupon an order used, when the list tells it', async () => {
    renderTab({
      'GET /api/my_orders': {
        body: { orders: [{ ...createOrder(), coupon_code: 'BEMVINDA10' }, PAID] },
      },
    });
    const first = await screen.findByRole('article', { name: 'Pedido LP-000012' });
    expect(within(first).getByText('Com o cupom BEMVINDA10')).toBeVisible();
    const second = screen.getByRole('article', { name: 'Pedido LP-000013' });
    expect(within(second).queryByText(/cupom/)).toBeNull();
  });

  it.each([
    ['delivered', 'rejected', 'Entregue', 'Rejeitado'],
    ['cancelled', 'cancelled', 'Cancelado', 'Cancelado'],
    ['refunded', 'refunded', 'Reembolsado', 'Reembolsado'],
    ['processing', 'processing', 'Processando', 'Processando'],
    ['processing', 'in_mediation', 'Processando', 'Aguardando Pagamento'],
  ])('status %s / payment %s read %s and %s', async (status, paymentStatus, order, payment) => {
    renderTab({
      'GET /api/my_orders': {
        body: { orders: [createOrder({ status, payment_status: paymentStatus })] },
      },
    });
    const card = await screen.findByRole('article', { name: 'Pedido LP-000012' });
    const badges = within(card).getByRole('group', { name: 'Situação do pedido' });
    expect(Array.from(badges.children, (badge) => badge.textContent)).toEqual([order, payment]);
  });

  it("shows a shipped order's tracking code with the Correios tracking page", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const shipped = {
      ...PAID,
      tracking_code: 'AA473124829BR',
      tracking_carrier: null,
      tracking_url: 'https://rastreamento.correios.com.br/app/index.php',
    };
    renderTab({ 'GET /api/my_orders': { body: { orders: [shipped, createOrder()] } } });
    const card = await screen.findByRole('article', { name: 'Pedido LP-000013' });
    expect(within(card).getByText('AA473124829BR')).toBeVisible();
    const link = within(card).getByRole('link', { name: /Rastrear nos Correios/ });
    expect(link).toHaveAttribute('href', 'https://rastreamento.correios.com.br/app/index.php');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    fireEvent.click(within(card).getByRole('button', { name: 'Copiar código de rastreio' }));
    expect(await within(card).findByText('Código copiado!')).toBeVisible();
    expect(writeText).toHaveBeenCalledWith('AA473124829BR');
    // An order not yet shipped has none.
    const pending = screen.getByRole('article', { name: 'Pedido LP-000012' });
    expect(within(pending).queryByText(/Rastrear/)).not.toBeInTheDocument();
  });

  it("sends a label of another carrier to that carrier's tracking, not the Correios", async () => {
    const shipped = {
      ...PAID,
      tracking_code: 'JD0012345678',
      tracking_carrier: 'Jadlog',
      tracking_url: 'https://melhorrastreio.com.br/rastreio/JD0012345678',
    };
    renderTab({ 'GET /api/my_orders': { body: { orders: [shipped] } } });
    const card = await screen.findByRole('article', { name: 'Pedido LP-000013' });
    const link = within(card).getByRole('link', { name: /Rastrear o envio \(Jadlog\)/ });
    expect(link).toHaveAttribute('href', 'https://melhorrastreio.com.br/rastreio/JD0012345678');
    expect(within(card).queryByText(/Correios/)).not.toBeInTheDocument();
  });

  it('says a boleto is awaited, links its PDF and still offers PIX', async () => {
    const boleto = createOrder({
      payment_method: 'boleto',
      payment_info: {
        can_pay: true,
        message: 'Aguardando pagamento do boleto (vencimento 12/12/2026)',
        qr_code: null,
        ticket_url: 'https://www.mercadopago.com.br/payments/1/ticket',
        payment_id: null,
      },
    });
    renderTab({ 'GET /api/my_orders': { body: { orders: [boleto] } } });
    const article = await screen.findByRole('article', { name: 'Pedido LP-000012' });
    expect(
      within(article).getByText('Aguardando pagamento do boleto (vencimento 12/12/2026)'),
    ).toBeVisible();
    expect(within(article).getByRole('link', { name: 'Abrir boleto' })).toHaveAttribute(
      'href',
      'https://www.mercadopago.com.br/payments/1/ticket',
    );
    expect(within(article).getByRole('link', { name: 'Pagar com PIX' })).toBeVisible();
    expect(within(article).queryByRole('button', { name: 'Copiar código PIX' })).toBeNull();
  });

  it('says a card in review is being analysed, with nothing to pay', async () => {
    const card = createOrder({
      payment_method: 'card',
      payment_status: 'processing',
      payment_info: {
        can_pay: false,
        message: 'Pagamento em análise',
        qr_code: null,
        ticket_url: null,
        payment_id: null,
      },
    });
    renderTab({ 'GET /api/my_orders': { body: { orders: [card] } } });
    const article = await screen.findByRole('article', { name: 'Pedido LP-000012' });
    expect(within(article).getByText('Pagamento em análise')).toBeVisible();
    expect(within(article).queryByRole('link', { name: 'Pagar com PIX' })).toBeNull();
  });

  it('copies the PIX code of an order that can still be paid', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderTab({ 'GET /api/my_orders': { body: { orders: [createOrder()] } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Copiar código PIX' }));
    expect(await screen.findByText('Código PIX copiado!')).toBeVisible();
    expect(writeText).toHaveBeenCalledWith('00020126pix-copia-e-cola');
  });

  it("offers 'Verificar Todos os PIX' only when a PIX order is pending", async () => {
    renderTab({ 'GET /api/my_orders': { body: { orders: [PAID] } } });
    await screen.findByRole('article', { name: 'Pedido LP-000013' });
    expect(
      screen.queryByRole('button', { name: 'Verificar Todos os PIX' }),
    ).not.toBeInTheDocument();
  });

  it('verifies the pending PIX payments, says so and reloads the list', async () => {
    let paid = false;
    const requests = renderTab({
      'GET /api/my_orders': () => ({
        body: {
          orders: [
            paid
              ? createOrder({
                  payment_status: 'approved',
                  status: 'processing',
                  payment_info: { ...PAID.payment_info },
                })
              : createOrder(),
          ],
        },
      }),
      'POST /api/my_orders/verify_pix': () => {
        paid = true;
        return { body: { success: true, message: 'ok', updated: 1 } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Verificar Todos os PIX' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Verificação de PIX realizada com sucesso!',
    );
    expect(await screen.findByText('Pago')).toBeVisible();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/my_orders',
      'POST /api/my_orders/verify_pix',
      'GET /api/my_orders',
    ]);
  });

  it("says 'Erro ao verificar PIX' when the check fails", async () => {
    renderTab({
      'GET /api/my_orders': { body: { orders: [createOrder()] } },
      'POST /api/my_orders/verify_pix': { status: 500, body: { message: 'Erro interno' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Verificar Todos os PIX' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao verificar PIX');
  });

  it('keeps the friendly empty state with a link to the products', async () => {
    renderTab({ 'GET /api/my_orders': { body: { orders: [] } } });
    expect(await screen.findByText('Você ainda não tem pedidos.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver produtos' })).toHaveAttribute('href', '/produtos');
  });

  it('offers a retry when the list cannot be read', async () => {
    let fail = true;
    renderTab({
      'GET /api/my_orders': () =>
        fail ? { status: 500, body: { message: 'Erro interno' } } : { body: { orders: [PAID] } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao carregar pedidos');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('article', { name: 'Pedido LP-000013' })).toBeVisible();
  });
});
