import { formatStoreDay, withdrawalDeadline } from '@lumina/shared/returns/withdrawal-deadline';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '../../../lib/payment/payment-api.ts';
import { createReturn } from '../../../lib/testing/return-fixtures.ts';
import { returnWindowOf } from '../model/return-window.ts';
import { storeAnswer } from '../../../lib/testing/store-fixture.ts';
import { fakeApi, type FakeRoutes } from '../testing/fake-api.ts';
import { renderAccount, storeLogin } from '../testing/render-account.tsx';
import { OrderPage } from './order-page.tsx';

const DAY = 24 * 60 * 60 * 1000;
const deliveredAt = new Date(Date.now() - 2 * DAY).toISOString();

function createItem(overrides: Partial<OrderDetail['items'][number]> = {}) {
  return {
    id: 400,
    product_id: 3,
    product_name: 'Argola Lisa',
    name: 'Argola Lisa',
    sku: 'ARG-8',
    category: 'argolas',
    image_url: null,
    quantity: 2,
    price: 59.9,
    unit_price_cents: 5990,
    list_price: 59.9,
    pix_price: 59.9,
    pix_price_cents: 5990,
    promotion_discount_cents: 0,
    coupon_discount_cents: 0,
    total_price: 119.8,
    total_cents: 11980,
    variation_details: {},
    variant_id: 31,
    option_values: { Diâmetro: '8 mm' },
    ...overrides,
  };
}

function createOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: 12,
    order_number: 'LP-000012',
    status: 'delivered',
    payment_status: 'approved',
    payment_method: 'pix',
    customer_name: 'Ana Souza',
    customer_email: 'ana@example.com',
    customer_phone: null,
    customer_cpf: null,
    customer_birth_date: null,
    shipping_address: 'Rua Augusta, 1500',
    billing_address: 'Rua Augusta, 1500',
    customer_address: 'Rua Augusta, 1500',
    address: {
      street: 'Rua Augusta',
      number: '1500',
      complement: null,
      neighborhood: 'Consolação',
      city: 'São Paulo',
      state: 'SP',
      zip_code: '01310-100',
    },
    notes: null,
    shipping_method: 'pac',
    shipping_name: 'PAC',
    delivery_days: 5,
    subtotal: 149.8,
    subtotal_cents: 14980,
    shipping_cost: 20,
    shipping_cost_cents: 2000,
    shipping_discount_cents: 0,
    discount: 0,
    discount_cents: 0,
    promotion_discount_cents: 0,
    coupon_discount_cents: 0,
    coupon_code: null,
    total: 169.8,
    total_cents: 16980,
    items: [
      createItem(),
      createItem({
        id: 401,
        product_id: 4,
        product_name: 'Labret Titânio',
        name: 'Labret Titânio',
        sku: 'LAB-1',
        quantity: 3,
        price: 10,
        unit_price_cents: 1000,
        promotion_discount_cents: 0,
        coupon_discount_cents: 0,
        total_price: 30,
        total_cents: 3000,
        variant_id: 40,
        option_values: {},
      }),
    ],
    items_count: 5,
    bling_id: null,
    tracking_code: null,
    tracking_carrier: null,
    tracking_url: null,
    paid_at: '2026-11-01T12:00:00.000Z',
    shipped_at: '2026-11-02T12:00:00.000Z',
    delivered_at: deliveredAt,
    cancelled_at: null,
    created_at: '2026-11-01T11:00:00.000Z',
    updated_at: deliveredAt,
    refunds: [],
    refunded_total: 0,
    refunded_total_cents: 0,
    payment: null,
    ...overrides,
  };
}

function renderOrder(routes: FakeRoutes) {
  const requests = fakeApi(routes);
  renderAccount(<OrderPage orderId={12} />, {
    route: '/minha-conta/pedidos/12',
    path: '/minha-conta/pedidos/:id',
  });
  return requests;
}

const orderRoute = (order: OrderDetail) => ({
  body: { id: order.id, status: order.status, order },
});

beforeEach(() => {
  localStorage.clear();
  storeLogin();
});
afterEach(() => vi.unstubAllGlobals());

describe('returnWindowOf', () => {
  const delivered = { status: 'delivered', payment_status: 'approved', updated_at: '' };

  it('stays open until 23:59:59 in São Paulo of the seventh day after delivery', () => {
    const order = { ...delivered, delivered_at: '2026-11-26T15:00:00.000Z' };
    expect(returnWindowOf(order, new Date('2026-12-04T02:59:00.000Z'))).toEqual({
      kind: 'open',
      lastDay: '03/12/2026',
      daysLeft: 0,
    });
    expect(returnWindowOf(order, new Date('2026-12-04T03:00:00.000Z'))).toEqual({
      kind: 'closed',
      lastDay: '03/12/2026',
    });
  });

  it('offers the cancellation of a paid order not yet shipped, nothing for an unpaid one', () => {
    const processing = { status: 'processing', delivered_at: null, updated_at: '' };
    expect(returnWindowOf({ ...processing, payment_status: 'approved' }, new Date())).toEqual({
      kind: 'cancel',
    });
    expect(returnWindowOf({ ...processing, payment_status: 'pending' }, new Date())).toEqual({
      kind: 'none',
    });
  });
});

describe('OrderPage: withdrawal form', () => {
  it('shows the last day to withdraw and offers only the units not yet in a request', async () => {
    renderOrder({
      'GET /api/orders/12': orderRoute(createOrder()),
      'GET /api/my_returns': { body: { returns: [createReturn()] } },
    });
    const lastDay = formatStoreDay(withdrawalDeadline(new Date(deliveredAt)));
    expect(
      await screen.findByText(
        `Você pode desistir da compra ou pedir troca até ${lastDay} (faltam 5 dias).`,
      ),
    ).toBeVisible();
    // The request already made is listed with its status.
    const request = screen.getByRole('article', { name: 'Desistência da compra DEV-2026-000007' });
    expect(within(request).getByText('Solicitado')).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Desistir da compra' }));
    const form = screen.getByRole('region', { name: 'Desistir da compra' });
    expect(
      within(form).getByText(`Você pode desistir até ${lastDay} (faltam 5 dias).`),
    ).toBeVisible();
    const argola = within(form).getByRole('checkbox', { name: /Argola Lisa/ });
    const labret = within(form).getByRole('checkbox', { name: /Labret Titânio/ });
    expect(argola).toHaveAccessibleName(/Comprado: 2 · pode devolver: 1/);
    fireEvent.click(argola);
    fireEvent.click(labret);
    const quantities = within(form).getAllByLabelText('Quantidade');
    expect(Array.from((quantities[0] as HTMLSelectElement).options, (o) => o.value)).toEqual(['1']);
    expect(Array.from((quantities[1] as HTMLSelectElement).options, (o) => o.value)).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('sends the chosen items, quantities and reason and shows the protocol', async () => {
    const requests = renderOrder({
      'GET /api/orders/12': orderRoute(createOrder()),
      'GET /api/my_returns': { body: { returns: [] } },
      'POST /api/orders/12/returns': {
        status: 201,
        body: {
          return: createReturn({ id: 9, protocol: 'DEV-2026-000009' }),
          cancelled: false,
          message:
            'Pedido recebido. O número de protocolo é DEV-2026-000009: enviamos a confirmação e as próximas etapas por e-mail.',
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Desistir da compra' }));
    const form = screen.getByRole('region', { name: 'Desistir da compra' });
    // Nothing chosen: the shared schema's message, before any request.
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar desistência' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Escolha ao menos um item do pedido');
    fireEvent.click(within(form).getByRole('checkbox', { name: /Labret Titânio/ }));
    fireEvent.change(within(form).getByLabelText('Quantidade'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Motivo (opcional)'), {
      target: { value: '  Não serviu.  ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar desistência' }));

    expect(await screen.findByText('DEV-2026-000009')).toBeVisible();
    expect(
      screen.getByText(/enviamos a confirmação e as próximas etapas por e-mail/),
    ).toBeVisible();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      return: {
        type: 'withdrawal',
        items: [{ order_item_id: 401, quantity: 2 }],
        reason: 'Não serviu.',
      },
    });
  });

  it.each([
    [
      409,
      'O prazo de 7 dias para desistir da compra ou pedir troca terminou em 03/12/2026. Fale com a gente pelo WhatsApp ou pelo formulário de contato.',
    ],
    [422, 'Você pode devolver ou trocar no máximo 1 unidade de "Argola Lisa".'],
  ])('shows a %i refusal in the server’s words', async (status, message) => {
    renderOrder({
      'GET /api/orders/12': orderRoute(createOrder()),
      'GET /api/my_returns': { body: { returns: [] } },
      'POST /api/orders/12/returns': {
        status,
        body: {
          message,
          code: 'x',
          ...(status === 422 ? { errors: [message], fields: { 'return.items': [message] } } : {}),
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Desistir da compra' }));
    const form = screen.getByRole('region', { name: 'Desistir da compra' });
    fireEvent.click(within(form).getByRole('checkbox', { name: /Argola Lisa/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar desistência' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
  });

  // The Labret was paid R$ 10,00 a unit (its PIX price): the product's R$ 11,00, R$ 10,00 by PIX.
  const variant = (id: number, cor: string, changes: object = {}) => ({
    id,
    sku: `LAB-${id}`,
    option_values: { Cor: cor },
    stock_quantity: 5,
    price_cents: null,
    sale_price_cents: null,
    pix_price_cents: null,
    active: true,
    ...changes,
  });
  const labret = (variants: ReturnType<typeof variant>[]) => ({
    body: {
      product: {
        id: 4,
        price_cents: 1100,
        sale_price_cents: null,
        pix_price_cents: 1000,
        variants,
      },
    },
  });

  it('asks an exchange for another active variant of the same product at the price paid', async () => {
    const requests = renderOrder({
      'GET /api/orders/12': orderRoute(createOrder()),
      'GET /api/my_returns': { body: { returns: [] } },
      'GET /api/store': { body: storeAnswer({ pix_discount_percent: 5 }) },
      'GET /api/products/4': labret([
        variant(40, 'Prata'),
        variant(41, 'Dourado'),
        variant(42, 'Rosé', { active: false }),
        // R$ 15,00 less the 5% PIX discount: R$ 14,25.
        variant(43, 'Preto', { price_cents: 1500 }),
        // A price of its own, the same R$ 10,00 by PIX.
        variant(44, 'Azul', { price_cents: 1200, pix_price_cents: 1000 }),
      ]),
      'POST /api/orders/12/returns': {
        status: 201,
        body: {
          return: createReturn({ protocol: 'DEV-2026-000011', type: 'exchange' }),
          cancelled: false,
          message: 'Pedido recebido. O número de protocolo é DEV-2026-000011.',
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Solicitar troca' }));
    const form = screen.getByRole('region', { name: 'Solicitar troca' });
    expect(
      within(form).getByText(/^Você pode pedir a troca até \d{2}\/\d{2}\/\d{4} \(/),
    ).toBeVisible();
    fireEvent.click(within(form).getByRole('checkbox', { name: /Labret Titânio/ }));
    const wanted = await within(form).findByLabelText('Trocar por');
    // The variant bought, an inactive one and one at another price are not offered.
    expect(Array.from((wanted as HTMLSelectElement).options, (o) => o.text)).toEqual([
      'Escolha a variação',
      'Cor: Dourado',
      'Cor: Azul',
    ]);
    expect(wanted).toHaveAccessibleDescription(
      'Só variações do mesmo preço que você pagou (R$ 10,00).',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar pedido de troca' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Escolha a variação que você quer receber na troca.',
    );
    fireEvent.change(wanted, { target: { value: '41' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar pedido de troca' }));
    expect(await screen.findByText('DEV-2026-000011')).toBeVisible();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      return: {
        type: 'exchange',
        items: [{ order_item_id: 401, quantity: 1, exchange_variant_id: 41 }],
        reason: null,
      },
    });
  });

  it('says when no other variant costs what was paid', async () => {
    renderOrder({
      'GET /api/orders/12': orderRoute(createOrder()),
      'GET /api/my_returns': { body: { returns: [] } },
      'GET /api/store': { body: storeAnswer({ pix_discount_percent: 5 }) },
      'GET /api/products/4': labret([
        variant(40, 'Prata'),
        variant(43, 'Preto', { price_cents: 1500 }),
      ]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Solicitar troca' }));
    const form = screen.getByRole('region', { name: 'Solicitar troca' });
    fireEvent.click(within(form).getByRole('checkbox', { name: /Labret Titânio/ }));
    expect(
      await within(form).findByText(
        'Este produto não tem outra variação de mesmo preço para a troca.',
      ),
    ).toBeVisible();
    expect(within(form).queryByLabelText('Trocar por')).toBeNull();
  });

  it('cancels a paid order not yet shipped after a confirmation, with every item', async () => {
    const requests = renderOrder({
      'GET /api/orders/12': orderRoute(
        createOrder({ status: 'processing', delivered_at: null, shipped_at: null }),
      ),
      'GET /api/my_returns': { body: { returns: [] } },
      'POST /api/orders/12/returns': {
        status: 201,
        body: {
          return: createReturn({ protocol: 'DEV-2026-000010', status: 'received' }),
          cancelled: true,
          message:
            'Pedido cancelado (protocolo DEV-2026-000010). O valor pago será devolvido integralmente; enviamos a confirmação por e-mail.',
        },
      },
    });
    expect(screen.queryByRole('button', { name: 'Desistir da compra' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar pedido' }));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar cancelamento' }));
    expect(await screen.findByText('DEV-2026-000010')).toBeVisible();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      return: {
        type: 'withdrawal',
        items: [
          { order_item_id: 400, quantity: 2 },
          { order_item_id: 401, quantity: 3 },
        ],
        reason: null,
      },
    });
  });

  it('shows the refunds and the instructions of a request', async () => {
    renderOrder({
      'GET /api/orders/12': orderRoute(
        createOrder({
          status: 'partially_returned',
          refunds: [
            {
              id: 1,
              amount: 59.9,
              amount_cents: 5990,
              method: 'pix_manual',
              return_id: 8,
              created_at: '2026-11-25T15:00:00.000Z',
            },
          ],
          refunded_total: 59.9,
          refunded_total_cents: 5990,
        }),
      ),
      'GET /api/my_returns': {
        body: {
          returns: [
            createReturn({
              status: 'instructions_sent',
              status_label: 'Instruções de envio enviadas',
              instructions: { kind: 'authorization_code', code: 'AP-123456', address: null },
            }),
          ],
        },
      },
    });
    expect(await screen.findByText('Devolvido parcialmente')).toBeVisible();
    expect(screen.getByText('Reembolso de R$ 59,90 em 25/11')).toBeVisible();
    expect(await screen.findByText('AP-123456')).toBeVisible();
  });
});

const cardPayment = {
  method: 'card' as const,
  label: 'Cartão de crédito Mastercard final 6351 · 3x',
  status: 'approved' as const,
  status_detail: 'accredited',
  installments: 3,
  card_brand: 'master',
  card_last_four: '6351',
  paid_at: '2026-11-20T15:35:00.000Z',
  boleto: null,
};

describe('OrderPage: payment', () => {
  it('names the card, its end and instalments, and where each refund went', async () => {
    renderOrder({
      'GET /api/orders/12': orderRoute(
        createOrder({
          status: 'partially_returned',
          payment_method: 'card',
          payment: cardPayment,
          refunds: [
            {
              id: 1,
              amount: 59.9,
              amount_cents: 5990,
              method: 'mercadopago',
              return_id: 8,
              created_at: '2026-11-25T15:00:00.000Z',
            },
          ],
          refunded_total: 59.9,
          refunded_total_cents: 5990,
        }),
      ),
      'GET /api/my_returns': { body: { returns: [] } },
    });
    const box = (await screen.findByRole('heading', { name: 'Pagamento' })).closest('section')!;
    expect(within(box).getByText('Cartão de crédito Mastercard final 6351 · 3x')).toBeVisible();
    expect(within(box).getByText('Pago em 20/11/2026')).toBeVisible();
    expect(within(box).getByText('Reembolso de R$ 59,90 em 25/11')).toBeVisible();
    expect(
      within(box).getByText('Estorno no cartão de crédito Mastercard final 6351'),
    ).toBeVisible();
    expect(within(box).getByText('Total devolvido: R$ 59,90')).toBeVisible();
    // Nothing of a card beyond its brand and end is on the page.
    expect(box.textContent).not.toMatch(/5031|accredited/);
  });

  it('shows an open boleto’s line to copy, its PDF and due date', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const line = '23793381286000000000300000004001843400000012990';
    renderOrder({
      'GET /api/orders/12': orderRoute(
        createOrder({
          status: 'pending',
          payment_status: 'pending',
          payment_method: 'boleto',
          delivered_at: null,
          payment: {
            method: 'boleto',
            label: 'Boleto bancário',
            status: 'pending',
            status_detail: 'pending_waiting_payment',
            installments: null,
            card_brand: null,
            card_last_four: null,
            paid_at: null,
            boleto: {
              digitable_line: line,
              pdf_url: 'https://www.mercadopago.com.br/boleto/123.pdf',
              due_date: '2026-11-30T02:59:59.000Z',
            },
          },
        }),
      ),
      'GET /api/my_returns': { body: { returns: [] } },
    });
    const box = (await screen.findByRole('heading', { name: 'Pagamento' })).closest('section')!;
    expect(within(box).getByText('Boleto bancário')).toBeVisible();
    expect(within(box).getByText('Aguardando Pagamento')).toBeVisible();
    expect(within(box).getByText('Vence em 29/11/2026')).toBeVisible();
    expect(
      within(box).getByText('23793.38128 60000.000003 00000.004001 8 43400000012990'),
    ).toBeVisible();
    expect(within(box).getByRole('link', { name: 'Abrir o boleto (PDF)' })).toHaveAttribute(
      'href',
      'https://www.mercadopago.com.br/boleto/123.pdf',
    );
    fireEvent.click(within(box).getByRole('button', { name: 'Copiar linha digitável' }));
    expect(await within(box).findByText('Linha copiada!')).toBeVisible();
    expect(writeText).toHaveBeenCalledWith(line);
  });

  it('says when no payment was started yet', async () => {
    renderOrder({
      'GET /api/orders/12': orderRoute(
        createOrder({ status: 'pending', payment_status: 'pending', delivered_at: null }),
      ),
      'GET /api/my_returns': { body: { returns: [] } },
    });
    expect(await screen.findByText('O pagamento ainda não foi iniciado.')).toBeVisible();
  });

  it('says what a promotion and the coupon took off each item, beside its total', async () => {
    const order = createOrder({ coupon_code: 'BEMVINDA10' });
    const [first, ...rest] = order.items;
    renderOrder({
      'GET /api/orders/12': orderRoute({
        ...order,
        items: [
          {
            ...first!,
            promotion_discount_cents: 1198,
            coupon_discount_cents: 1078,
            total_cents: 9704,
            total_price: 97.04,
          },
          ...rest,
        ],
      }),
      'GET /api/my_returns': { body: { returns: [] } },
    });
    const item = (await screen.findByText('2 × R$ 59,90')).closest('li')!;
    expect(within(item).getByText('Promoção −R$ 11,98')).toBeVisible();
    expect(within(item).getByText('Cupom −R$ 10,78')).toBeVisible();
    expect(within(item).getByText('R$ 97,04')).toBeVisible();
  });
});

describe('OrderPage: tracking and NF-e', () => {
  const shipped = {
    ...createOrder({
      status: 'shipped',
      delivered_at: null,
      tracking_code: 'AA473124829BR',
      tracking_carrier: null,
      tracking_url: 'https://rastreamento.correios.com.br/app/index.php',
    }),
    tracking_events: [
      { status: 'posted', description: 'Objeto postado', occurred_at: '2026-11-22T13:05:00.000Z' },
      {
        status: 'in_transit',
        description: 'Objeto em trânsito - por favor aguarde',
        occurred_at: '2026-11-23T09:00:00.000Z',
      },
      // No description from the carrier: the shop's own words for the step.
      { status: 'delivered', description: '', occurred_at: '2026-11-25T18:40:00.000Z' },
    ],
    invoice: { number: '1234', danfe_url: 'https://bling.example/danfe/8.pdf' },
  };

  it('lists the parcel’s steps newest first, on Brasília time, and links the DANFE', async () => {
    renderOrder({
      'GET /api/orders/12': { body: { id: 12, status: 'shipped', order: shipped } },
      'GET /api/my_returns': { body: { returns: [] } },
    });
    const tracking = await screen.findByRole('region', { name: 'Rastreamento' });
    expect(within(tracking).getByText('AA473124829BR')).toBeVisible();
    expect(
      within(tracking)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      '25/11/2026 15:40Objeto entregue ao destinatário',
      '23/11/2026 06:00Objeto em trânsito - por favor aguarde',
      '22/11/2026 10:05Objeto postado',
    ]);

    const invoice = screen.getByRole('region', { name: 'Nota fiscal' });
    expect(within(invoice).getByText('NF-e nº 1234')).toBeVisible();
    const danfe = within(invoice).getByRole('link', { name: /^Ver DANFE/ });
    expect(danfe).toHaveAttribute('href', 'https://bling.example/danfe/8.pdf');
    expect(danfe).toHaveAttribute('target', '_blank');
    expect(danfe).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('shows neither before the first step and the authorised NF-e', async () => {
    renderOrder({
      'GET /api/orders/12': {
        body: {
          id: 12,
          status: 'processing',
          order: { ...createOrder({ status: 'processing' }), tracking_events: [], invoice: null },
        },
      },
      'GET /api/my_returns': { body: { returns: [] } },
    });
    expect(await screen.findByRole('heading', { name: 'Pagamento' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Rastreamento' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Nota fiscal' })).toBeNull();
  });
});
