import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '../../../lib/auth/testing/fake-api.ts';
import type { OrderStatusResponse } from '../../../lib/payment/payment-api.ts';
import { readPendingPayment, savePendingPayment } from '../../../lib/payment/pending-payment.ts';
import { createOrderStatus, renderPaymentPage, signIn } from '../testing/payment-fixtures.tsx';
import { PaymentFailurePage } from './payment-failure-page.tsx';
import { PaymentGuard } from './payment-guard.tsx';
import { PaymentPendingPage } from './payment-pending-page.tsx';
import { PaymentSuccessPage } from './payment-success-page.tsx';

type Answer = { status?: number; body: unknown } | OrderStatusResponse;

/** GET /orders/12 answers these in turn, the last one repeating. */
function serveOrder(...answers: Answer[]) {
  const queue = answers.length > 0 ? [...answers] : [createOrderStatus()];
  return fakeApi((request: FakeRequest) => {
    if (request.method !== 'GET' || request.path !== '/orders/12') return undefined;
    const next = queue.length > 1 ? queue.shift()! : queue[0]!;
    return 'body' in next ? next : { body: next };
  });
}

const location = () => screen.getByTestId('location').textContent;
const checks = (requests: FakeRequest[]) => requests.filter((r) => r.path === '/orders/12').length;

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  signIn();
  savePendingPayment({ order_id: 12, payment_id: 55 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PaymentGuard', () => {
  it('tells a visitor to log in and sends them to /minha-conta', async () => {
    localStorage.clear();
    fakeApi(() => undefined);
    renderPaymentPage(
      <PaymentGuard>
        <p>Conteúdo protegido</p>
      </PaymentGuard>,
      { route: '/payment-success?order_id=12', path: '/payment-success' },
    );
    expect(screen.getByText('Você precisa estar logado para acessar esta página.')).toBeVisible();
    expect(screen.queryByText('Conteúdo protegido')).not.toBeInTheDocument();
    await advance(2_000);
    expect(location()).toBe('/minha-conta');
  });

  it("says 'Verificando autenticação...' while a stale session is renewed", () => {
    // An expired token makes the session ask for a new one first.
    signIn(-60);
    fakeApi(() => undefined);
    renderPaymentPage(
      <PaymentGuard>
        <p>Conteúdo protegido</p>
      </PaymentGuard>,
      { route: '/payment-pix?order_id=12', path: '/payment-pix' },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Verificando autenticação...');
  });

  it('shows the page to a logged-in user', () => {
    fakeApi(() => undefined);
    renderPaymentPage(
      <PaymentGuard>
        <p>Conteúdo protegido</p>
      </PaymentGuard>,
      { route: '/payment-pix?order_id=12', path: '/payment-pix' },
    );
    expect(screen.getByText('Conteúdo protegido')).toBeVisible();
  });
});

describe('/payment-pending', () => {
  function renderPending(route = '/payment-pending?order_id=12') {
    return renderPaymentPage(<PaymentPendingPage />, { route, path: '/payment-pending' });
  }

  it('shows the status at once, then checks every 5 s up to 120 times', async () => {
    const requests = serveOrder();
    renderPending();
    expect(await screen.findByText('Status do pagamento: Aguardando Pagamento')).toBeVisible();
    expect(checks(requests)).toBe(1);
    await advance(5_000);
    expect(checks(requests)).toBe(2);
    await advance(118 * 5_000);
    expect(checks(requests)).toBe(120);
    await advance(60_000);
    expect(checks(requests)).toBe(120);
  });

  it("falls back to the saved order and checks at once on 'Verificar Agora'", async () => {
    const requests = serveOrder();
    renderPending('/payment-pending');
    await screen.findByText('Status do pagamento: Aguardando Pagamento');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar Agora' }));
    await vi.waitFor(() => expect(checks(requests)).toBe(2));
  });

  it.each([
    [createOrderStatus({ payment_status: 'approved' }), '/payment-success?order_id=12'],
    [createOrderStatus({ status: 'completed' }), '/payment-success?order_id=12'],
    [createOrderStatus({ payment_status: 'rejected' }), '/payment-failure?order_id=12'],
    [createOrderStatus({ payment_status: 'cancelled' }), '/payment-failure?order_id=12'],
  ])('goes on and clears the saved payment (%#)', async (final, target) => {
    serveOrder(createOrderStatus(), final);
    renderPending();
    await screen.findByText('Status do pagamento: Aguardando Pagamento');
    await advance(5_000);
    expect(location()).toBe(target);
    expect(readPendingPayment()).toBeNull();
  });

  it('stays put on processing and says so', async () => {
    const requests = serveOrder(createOrderStatus({ payment_status: 'processing' }));
    renderPending();
    expect(await screen.findByText('Status do pagamento: Processando')).toBeVisible();
    await advance(30_000);
    expect(checks(requests)).toBe(1);
    expect(location()).toBe('/payment-pending?order_id=12');
  });

  it('says when a check fails', async () => {
    serveOrder({ status: 500, body: { message: 'Erro interno' } });
    renderPending();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao verificar status do pagamento',
    );
  });

  it('without any order id says so and stays', () => {
    localStorage.removeItem('lumina.pending-payment');
    serveOrder();
    renderPending('/payment-pending');
    expect(screen.getByRole('alert')).toHaveTextContent('ID do pedido não encontrado.');
    expect(location()).toBe('/payment-pending');
  });
});

describe('/payment-success', () => {
  function renderSuccess(route = '/payment-success?order_id=12') {
    return renderPaymentPage(<PaymentSuccessPage />, { route, path: '/payment-success' });
  }

  it('shows number, status, total and date, with ways home and to the account, and forgets the payment', async () => {
    serveOrder(createOrderStatus({ payment_status: 'approved', total: 1234.5 }));
    renderSuccess();
    expect(await screen.findByRole('heading', { name: 'Pagamento aprovado!' })).toBeVisible();
    expect(screen.getByText('LP-000012')).toBeVisible();
    expect(screen.getByText('Pago')).toBeVisible();
    expect(screen.getByText('R$ 1.234,50')).toBeVisible();
    expect(screen.getByText('15/06/2025')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Ir para Minha Conta' })).toHaveAttribute(
      'href',
      '/minha-conta',
    );
    expect(readPendingPayment()).toBeNull();
  });

  it('keeps the saved payment while the order is not paid', async () => {
    serveOrder(createOrderStatus());
    renderSuccess();
    expect(await screen.findByText('Aguardando Pagamento')).toBeVisible();
    expect(readPendingPayment()).not.toBeNull();
  });

  it('says a refunded order was refunded, never that it awaits payment', async () => {
    serveOrder(createOrderStatus({ status: 'refunded', payment_status: 'refunded' }));
    renderSuccess();
    expect(await screen.findByText('Reembolsado')).toBeVisible();
    expect(screen.queryByText('Aguardando Pagamento')).toBeNull();
  });

  it('shows the error card with a way home when the order cannot be read', async () => {
    serveOrder({ status: 500, body: { message: 'Erro interno' } });
    renderSuccess();
    const card = await screen.findByRole('alert');
    expect(card).toHaveTextContent('Erro ao carregar informações do pedido.');
    expect(card).toHaveTextContent('Não foi possível carregar as informações do pedido.');
    expect(within(card).getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});

describe('/payment-failure', () => {
  it('lists the possible reasons, offers checkout and home, and forgets the payment', () => {
    fakeApi(() => undefined);
    renderPaymentPage(<PaymentFailurePage />, {
      route: '/payment-failure?order_id=12',
      path: '/payment-failure',
    });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Dados do cartão incorretos',
      'Saldo insuficiente',
      'Cartão bloqueado',
      'Limite excedido',
    ]);
    expect(screen.getByRole('link', { name: 'Tentar novamente' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
    expect(readPendingPayment()).toBeNull();
  });
});
