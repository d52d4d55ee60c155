import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '../../../lib/auth/testing/fake-api.ts';
import type { OrderStatusResponse, PaymentResponse } from '../../../lib/payment/payment-api.ts';
import { readPendingPayment, savePendingPayment } from '../../../lib/payment/pending-payment.ts';
import {
  createOrderStatus,
  createPaymentResponse,
  renderPaymentPage,
  signIn,
} from '../testing/payment-fixtures.tsx';
import { PixPaymentPage } from './pix-payment-page.tsx';

interface Server {
  payment?: { status?: number; body: unknown };
  /** Answers of GET /orders/12 in turn; the last one repeats. */
  statuses?: ({ status?: number; body: unknown } | OrderStatusResponse)[];
  simulate?: { status?: number; body: unknown };
}

function serve({ payment, statuses = [createOrderStatus()], simulate }: Server = {}) {
  const queue = [...statuses];
  return fakeApi((request: FakeRequest) => {
    if (request.method === 'POST' && request.path === '/orders/12/mercadopago_payment') {
      return payment ?? { body: createPaymentResponse() };
    }
    if (request.method === 'GET' && request.path === '/orders/12') {
      const next = queue.length > 1 ? queue.shift()! : queue[0]!;
      return 'body' in next ? next : { body: next };
    }
    if (request.method === 'POST' && request.path === '/orders/12/simulate_payment') {
      return simulate ?? { body: { success: true, status: 'approved' } };
    }
    return undefined;
  });
}

function renderPix(route = '/payment-pix?order_id=12&payment_id=55') {
  return renderPaymentPage(<PixPaymentPage />, { route, path: '/payment-pix' });
}

const statusChecks = (requests: FakeRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path === '/orders/12').length;

const location = () => screen.getByTestId('location').textContent;

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

describe('/payment-pix', () => {
  it('asks for the payment again and shows QR code, code, ticket link, summary, steps and support', async () => {
    const requests = serve();
    renderPix();
    expect(await screen.findByRole('heading', { name: 'Pagamento PIX' })).toBeVisible();
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/orders/12/mercadopago_payment',
      body: { payment_method: 'pix', frontend_url: window.location.origin, cep: '' },
    });
    expect(screen.getByRole('img', { name: 'QR Code PIX' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(screen.getByLabelText('Código PIX (copia e cola)')).toHaveValue(
      createPaymentResponse().pix_data.qr_code,
    );
    const ticket = screen.getByRole('link', { name: 'Abrir página de pagamento (nova aba)' });
    expect(ticket).toHaveAttribute('href', 'https://pagamento.exemplo.com/pix/55');
    expect(ticket).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('status')).toHaveTextContent('Aguardando pagamento...');
    expect(screen.getByText('30:00')).toBeVisible();

    const summary = screen.getByRole('region', { name: 'Resumo do pedido' });
    expect(within(summary).getByText('Labret Titânio')).toBeVisible();
    expect(within(summary).getByText('R$ 89,90')).toBeVisible();
    expect(within(summary).getByText('R$ 20,00')).toBeVisible();
    expect(within(summary).getByText('R$ 109,90')).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Como pagar' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(
      screen.getByRole('link', { name: /Fale com a gente no WhatsApp/ }).getAttribute('href'),
    ).toMatch(/^https:\/\/wa\.me\/\d+\?text=.*LP-000012/);
    expect(screen.queryByRole('region', { name: 'Modo de teste' })).not.toBeInTheDocument();
  });

  it("says the order's discount between subtotal and freight, so the total adds up", async () => {
    const payment = createPaymentResponse();
    serve({
      payment: {
        body: {
          ...payment,
          amount: 100.91,
          pricing: { total: 100.91, subtotal: 89.9, discount: 8.99, shipping_cost: 20 },
        },
      },
    });
    renderPix();
    const summary = await screen.findByRole('region', { name: 'Resumo do pedido' });
    expect(within(summary).getByText('Descontos').nextSibling).toHaveTextContent('−R$ 8,99');
    expect(within(summary).getByText('R$ 100,91')).toBeVisible();
  });

  it('copies the code and says so', async () => {
    serve();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPix();
    fireEvent.click(await screen.findByRole('button', { name: 'Copiar código PIX' }));
    expect(await screen.findByText('Código PIX copiado!')).toBeVisible();
    expect(writeText).toHaveBeenCalledWith(createPaymentResponse().pix_data.qr_code);
  });

  it('says when there is no ticket link', async () => {
    const payment = createPaymentResponse();
    serve({
      payment: { body: { ...payment, pix_data: { ...payment.pix_data, ticket_url: null } } },
    });
    renderPix();
    expect(
      await screen.findByText('Link do boleto não disponível para este pedido.'),
    ).toBeVisible();
  });

  it('counts down from the server expiry and says when time is up', async () => {
    serve({
      payment: {
        body: createPaymentResponse({
          expires_at: new Date(Date.now() + 65_000).toISOString(),
        }),
      },
    });
    renderPix();
    expect(await screen.findByText('01:05')).toBeVisible();
    await advance(1_000);
    expect(screen.getByText('01:04')).toBeVisible();
    await advance(64_000);
    expect(screen.getByText('Tempo para pagamento PIX expirado')).toBeVisible();
  });

  it('checks the order every 10 s, at most 36 times, then offers a manual check', async () => {
    const requests = serve();
    renderPix();
    await screen.findByRole('heading', { name: 'Pagamento PIX' });
    await advance(9_000);
    expect(statusChecks(requests)).toBe(0);
    await advance(1_000);
    expect(statusChecks(requests)).toBe(1);
    await advance(35 * 10_000);
    expect(statusChecks(requests)).toBe(36);
    await advance(60_000);
    expect(statusChecks(requests)).toBe(36);
    fireEvent.click(screen.getByRole('button', { name: 'Verificar Agora' }));
    await advance(0);
    expect(statusChecks(requests)).toBe(37);
  });

  it("reports 'Erro ao verificar status do pagamento' when the checks fail to the end", async () => {
    serve({ statuses: [{ status: 500, body: { message: 'Erro interno' } }] });
    renderPix();
    await screen.findByRole('heading', { name: 'Pagamento PIX' });
    await advance(35 * 10_000);
    expect(screen.queryByText('Erro ao verificar status do pagamento')).not.toBeInTheDocument();
    await advance(10_000);
    expect(screen.getByText('Erro ao verificar status do pagamento')).toBeVisible();
  });

  it.each([
    ['approved', '/payment-success?order_id=12'],
    ['processing', '/payment-success?order_id=12'],
    ['rejected', '/payment-failure?order_id=12'],
    ['cancelled', '/payment-failure?order_id=12'],
  ])('on %s clears the saved payment and opens %s', async (paymentStatus, target) => {
    serve({
      statuses: [createOrderStatus(), createOrderStatus({ payment_status: paymentStatus })],
    });
    renderPix();
    await screen.findByRole('heading', { name: 'Pagamento PIX' });
    await advance(10_000);
    expect(location()).toBe('/payment-pix?order_id=12&payment_id=55');
    expect(readPendingPayment()).not.toBeNull();
    await advance(10_000);
    expect(location()).toBe(target);
    expect(readPendingPayment()).toBeNull();
  });

  it('goes straight to success when the payment is already approved', async () => {
    const requests = serve({ payment: { body: createPaymentResponse({ status: 'approved' }) } });
    renderPix();
    await vi.waitFor(() => expect(location()).toBe('/payment-success?order_id=12'));
    expect(statusChecks(requests)).toBe(0);
  });

  it("in test mode offers 'Simular pagamento', which pays and checks at once", async () => {
    const requests = serve({
      payment: { body: createPaymentResponse({ sandbox: true }) },
      statuses: [createOrderStatus({ payment_status: 'approved' })],
    });
    renderPix();
    const box = await screen.findByRole('region', { name: 'Modo de teste' });
    fireEvent.click(within(box).getByRole('button', { name: 'Simular pagamento' }));
    await vi.waitFor(() => expect(location()).toBe('/payment-success?order_id=12'));
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /orders/12/mercadopago_payment',
      'POST /orders/12/simulate_payment',
      'GET /orders/12',
    ]);
  });

  it('says when the simulation is refused', async () => {
    serve({
      payment: { body: createPaymentResponse({ sandbox: true }) },
      simulate: { status: 404, body: { message: 'Não encontrado' } },
    });
    renderPix();
    fireEvent.click(await screen.findByRole('button', { name: 'Simular pagamento' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível simular o pagamento. Tente novamente.',
    );
  });

  it("shows the load error with the provider's message and a way back to checkout", async () => {
    serve({ payment: { status: 502, body: { message: 'MercadoPago indisponível' } } });
    renderPix();
    const card = await screen.findByRole('alert');
    expect(card).toHaveTextContent('Erro ao carregar dados do pagamento PIX');
    expect(card).toHaveTextContent('MercadoPago indisponível');
    expect(within(card).getByRole('link', { name: 'Voltar ao checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });

  it('treats an answer without PIX data as a load error', async () => {
    const payment: PaymentResponse = createPaymentResponse();
    serve({ payment: { body: { ...payment, pix_data: { ...payment.pix_data, qr_code: '' } } } });
    renderPix();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dados do PIX não encontrados na resposta',
    );
  });

  it("without order_id says 'ID do pedido não encontrado.' and goes to /checkout", async () => {
    const requests = serve();
    renderPix('/payment-pix');
    expect(screen.getByRole('alert')).toHaveTextContent('ID do pedido não encontrado.');
    await advance(2_000);
    expect(location()).toBe('/checkout');
    expect(requests).toEqual([]);
  });
});
