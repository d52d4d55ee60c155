import type { OrderJson } from '@lumina/shared/orders/order-schemas';
import { ORDER_EVENT_ACTIONS } from '@lumina/shared/orders/order-events';
import type { PayByMethodResponse } from '@lumina/shared/payments/payment-by-method';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, payments } from '../../db/schema/orders.ts';
import {
  type FakeMercadoPagoServer,
  startFakeMercadoPago,
} from '../../integrations/mercadopago/fake-mercadopago-server.ts';
import {
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import {
  addToCart,
  checkoutBody,
  orderOf,
  payOrder,
  placeOrder,
  shopper,
  stockOf,
} from '../../test/checkout.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createSettingsBody } from '../../test/settings-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';
import { ORDER_MAIL_SUBJECTS } from '../orders/order-mails.ts';
import { BOLETO_MAIL_SUBJECT } from './boleto-mail.ts';
import { mercadoPagoTestEnv } from '../../integrations/mercadopago/mercadopago-test-env.ts';

const SECRET = 'webhook-secret-for-tests';
const CPF = '529.982.247-25';
const APP_URL = 'http://loja.test';

let ctx: TestContext;
let fake: FakeMercadoPagoServer;
let smtp: TestSmtpServer;
let webhookUrl: string;
let clock = new Date('2026-11-18T15:00:00.000Z');
let sequence = 0;

beforeAll(async () => {
  fake = await startFakeMercadoPago();
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({
    env: {
      ...mercadoPagoTestEnv(fake, { webhookSecret: SECRET }),
      MERCADOPAGO_TIMEOUT_MS: '5000',
      SMTP_URL: smtp.url,
      APP_URL,
    },
    now: () => clock,
  });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `${address}/api/webhooks/mercadopago`;
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
  await smtp?.close();
});

/** The shop's boleto term (and its 5% off by PIX), through the admin's settings form. */
async function setBoletoDueDays(days: number) {
  const owner = await createUser(ctx.database, { role: 'admin' });
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: bearerHeader((await signIn(ctx.app, owner)).access_token),
    payload: {
      settings: createSettingsBody({ boleto_due_days: days, pix_discount_percent: 5 }),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Two pieces of R$ 100,00 (R$ 95,00 by PIX with the shop's 5%), ordered for `method`. */
async function placedOrder(method: 'pix' | 'card' | 'boleto', extra: object = {}) {
  const [productId] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Sol', price_cents: 10_000, stock_quantity: 10 }),
  ])) as [number];
  const buyer = await shopper(ctx.app, ctx.database);
  await addToCart(ctx.app, buyer.headers, productId, 2);
  sequence += 1;
  const email = `metodo${sequence}@example.com`;
  const placed = await placeOrder(
    ctx.app,
    buyer.headers,
    checkoutBody({ customer_email: email, customer_cpf: CPF, payment_method: method, ...extra }),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  return { ...buyer, email, productId, order: placed.json<{ order: OrderJson }>().order };
}

function payBy(headers: object, orderId: number, body: object) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payments`,
    headers: { ...headers },
    payload: body,
  });
}

const cardBody = (token: string) => ({
  method: 'card',
  token,
  installments: 1,
  payment_method_id: 'master',
  payer: { cpf: CPF },
});

async function orderRow(orderId: number) {
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

function lastCreation() {
  return fake.requests.filter((request) => request.path === '/v1/payments').at(-1);
}

function mailsTo(email: string, subject: string) {
  return smtp.received.filter(
    (mail) => mail.recipients.includes(email) && mail.subject === subject,
  );
}

describe('a boleto', () => {
  it('is mailed and due in the settings’ days; unpaid, the order waits until the end of the next business day, then is cancelled with the stock back', async () => {
    // Wednesday 18/11 at noon in Brasília: due Thursday 19/11; Friday 20/11 is a national
    // holiday (Consciência Negra), so the order waits through Monday 23/11.
    clock = new Date('2026-11-18T15:00:00.000Z');
    await setBoletoDueDays(1);
    const { headers, email, productId, order } = await placedOrder('boleto');
    expect(await stockOf(ctx.database, productId)).toBe(8);

    // An amount in the body is not read: the boleto charges the order's list total.
    const response = await payBy(headers, order.id, { method: 'boleto', amount: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const { payment } = response.json<PayByMethodResponse>();
    expect(payment.boleto?.due_date).toBe('2026-11-19');
    expect(lastCreation()?.body).toMatchObject({
      transaction_amount: order.total_cents / 100,
      date_of_expiration: '2026-11-19T23:59:59.999-03:00',
    });

    await ctx.app.outbox.drain();
    const [mail] = mailsTo(email, BOLETO_MAIL_SUBJECT(order.order_number));
    expect(mail?.text).toContain(`no valor de ${formatted(order.total_cents)}`);
    expect(mail?.text).toContain('com vencimento em 19/11/2026.');
    expect(mail?.text).toContain(`\n${payment.boleto?.digitable_line ?? 'none'}\n`);
    expect(mail?.text).toContain(`Abrir o boleto (PDF): ${payment.boleto?.pdf_url ?? 'none'}`);
    expect(mail?.text).toContain(`${APP_URL}/minha-conta/pedidos/${order.id}`);

    // A minute before the end of Monday 23/11 in Brasília, the order still waits.
    clock = new Date('2026-11-24T02:59:00.000Z');
    await ctx.app.payments.expireOverdue();
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });

    clock = new Date('2026-11-24T03:00:00.000Z');
    await ctx.app.payments.expireOverdue();
    expect(await orderRow(order.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'cancelled',
    });
    expect(await stockOf(ctx.database, productId)).toBe(10);
    await ctx.app.outbox.drain();
    const [expired] = mailsTo(email, ORDER_MAIL_SUBJECTS.expired(order.order_number));
    expect(expired?.text).toContain('O boleto do pedido');
    expect(expired?.text).not.toContain('PIX');
  });

  it('paid by webhook before its deadline pays the order, and the sweep leaves it alone', async () => {
    // Wednesday 25/11 with the default 3 days: due Saturday 28/11, waited for through Monday 30/11.
    clock = new Date('2026-11-25T15:00:00.000Z');
    await setBoletoDueDays(3);
    const { headers, productId, order } = await placedOrder('pix');
    const response = await payBy(headers, order.id, { method: 'boleto' });
    expect(response.statusCode, response.body).toBe(200);
    const { payment } = response.json<PayByMethodResponse>();
    expect(payment.boleto?.due_date).toBe('2026-11-28');

    clock = new Date('2026-11-30T20:00:00.000Z');
    const [gatewayId] = [...fake.payments.keys()].filter(
      (id) => fake.payments.get(id)?.external_reference === order.order_number,
    );
    expect((await fake.pay(String(gatewayId), { secret: SECRET }, webhookUrl)).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'processing',
      paymentStatus: 'approved',
      paymentMethod: 'boleto',
    });

    clock = new Date('2026-12-02T12:00:00.000Z');
    await ctx.app.payments.expireOverdue();
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'approved' });
    expect(await stockOf(ctx.database, productId)).toBe(8);
  });
});

describe('prices by payment method', () => {
  it('a card order pays list prices; after a refused card, PIX lowers the order to its PIX total and charges exactly that', async () => {
    clock = new Date('2026-12-03T15:00:00.000Z');
    // Prices sent by the browser are not read: the server's catalogue prices the order.
    const { headers, productId, order } = await placedOrder('card', {
      total: 1,
      subtotal: 1,
      items: [{ product_id: 1, price: 0.01, quantity: 2 }],
    });
    const shipping = order.shipping_cost_cents;
    expect(order).toMatchObject({
      payment_method: 'card',
      subtotal_cents: 20_000,
      total_cents: 20_000 + shipping,
    });
    expect(order.items[0]).toMatchObject({
      unit_price_cents: 10_000,
      list_price: 100,
      pix_price: 95,
      pix_price_cents: 9500,
      total_cents: 20_000,
    });

    const refused = await payBy(headers, order.id, cardBody(await fake.cardToken('FUND')));
    expect(refused.statusCode).toBe(422);
    expect(lastCreation()?.body).toMatchObject({ transaction_amount: (20_000 + shipping) / 100 });
    expect((await orderOf(ctx.app, headers, order.id)).total_cents).toBe(20_000 + shipping);

    const pix = await payOrder(ctx.app, headers, order.id);
    expect(pix.statusCode, pix.body).toBe(200);
    const pixTotal = 19_000 + shipping;
    expect(pix.json<{ amount: number }>().amount).toBe(pixTotal / 100);
    expect(lastCreation()?.body).toMatchObject({
      payment_method_id: 'pix',
      transaction_amount: pixTotal / 100,
    });
    const repriced = await orderOf(ctx.app, headers, order.id);
    expect(repriced).toMatchObject({
      payment_method: 'pix',
      subtotal_cents: 19_000,
      total_cents: pixTotal,
    });
    expect(repriced.items[0]).toMatchObject({ unit_price_cents: 9500, total_cents: 19_000 });
    // A re-price moves money, never stock.
    expect(await stockOf(ctx.database, productId)).toBe(8);
  });

  it('PIX then a card: the card is charged the list total', async () => {
    const { headers, order } = await placedOrder('pix');
    expect(order.total_cents).toBe(19_000 + order.shipping_cost_cents);
    expect((await payOrder(ctx.app, headers, order.id)).statusCode).toBe(200);
    const card = await payBy(headers, order.id, {
      ...cardBody(await fake.cardToken('APRO')),
      transaction_amount: 1,
    });
    expect(card.statusCode, card.body).toBe(200);
    const listTotal = 20_000 + order.shipping_cost_cents;
    expect(lastCreation()?.body).toMatchObject({ transaction_amount: listTotal / 100 });
    expect(await orderOf(ctx.app, headers, order.id)).toMatchObject({
      payment_method: 'card',
      payment_status: 'approved',
      total_cents: listTotal,
    });
  });

  it('a paid order is never re-priced', async () => {
    const { headers, order } = await placedOrder('pix');
    const pix = await payOrder(ctx.app, headers, order.id);
    const gatewayId = pix.json<{ gateway_payment_id: string }>().gateway_payment_id;
    expect((await fake.pay(gatewayId, { secret: SECRET }, webhookUrl)).status).toBe(200);

    const card = await payBy(headers, order.id, cardBody(await fake.cardToken('APRO')));
    expect(card.statusCode).toBe(409);
    const boleto = await payBy(headers, order.id, { method: 'boleto' });
    expect(boleto.statusCode).toBe(409);
    expect(await orderOf(ctx.app, headers, order.id)).toMatchObject({
      payment_method: 'pix',
      payment_status: 'approved',
      total_cents: order.total_cents,
    });
  });
});

describe('PIX after a boleto', () => {
  async function rowsOf(orderId: number) {
    return ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(payments.id);
  }

  async function boletoOf(headers: object, orderId: number) {
    const response = await payBy(headers, orderId, { method: 'boleto' });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await rowsOf(orderId);
    expect(row).toMatchObject({ method: 'boleto', status: 'pending' });
    return String(row?.gatewayPaymentId);
  }

  it('an unpaid boleto steps aside for PIX: cancelled at MercadoPago, the order at its PIX total', async () => {
    clock = new Date('2026-12-07T15:00:00.000Z');
    const { headers, order } = await placedOrder('boleto');
    expect(order.total_cents).toBe(20_000 + order.shipping_cost_cents);
    const boletoId = await boletoOf(headers, order.id);

    const pix = await payOrder(ctx.app, headers, order.id);
    expect(pix.statusCode, pix.body).toBe(200);
    const pixTotal = 19_000 + order.shipping_cost_cents;
    expect(pix.json<{ amount: number; status: string }>()).toMatchObject({
      amount: pixTotal / 100,
      status: 'pending',
    });
    expect(lastCreation()?.body).toMatchObject({
      payment_method_id: 'pix',
      transaction_amount: pixTotal / 100,
    });
    expect(fake.payments.get(boletoId)?.status).toBe('cancelled');
    expect((await rowsOf(order.id)).map((row) => [row.method, row.status])).toEqual([
      ['boleto', 'cancelled'],
      ['pix', 'pending'],
    ]);
    expect(await orderOf(ctx.app, headers, order.id)).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
      payment_method: 'pix',
      total_cents: pixTotal,
    });
    // Asking again answers the same PIX.
    const again = await payOrder(ctx.app, headers, order.id);
    expect(again.json<{ payment_id: number }>().payment_id).toBe(
      pix.json<{ payment_id: number }>().payment_id,
    );
  });

  it('a boleto paid meanwhile pays the order once, and no PIX is charged', async () => {
    clock = new Date('2026-12-07T16:00:00.000Z');
    const { headers, order } = await placedOrder('boleto');
    const boletoId = await boletoOf(headers, order.id);
    const creations = fake.creations;
    // Paid at the bank; MercadoPago's notification has not arrived yet.
    fake.setStatus(boletoId, 'approved');

    const pix = await payOrder(ctx.app, headers, order.id);
    expect(pix.statusCode, pix.body).toBe(200);
    expect(pix.json<{ status: string }>().status).toBe('approved');
    expect(fake.creations).toBe(creations);
    // The notification lands afterwards and changes nothing.
    expect((await fake.notify(webhookUrl, boletoId, { secret: SECRET })).status).toBe(200);

    expect((await rowsOf(order.id)).map((row) => [row.method, row.status])).toEqual([
      ['boleto', 'approved'],
    ]);
    expect(await orderOf(ctx.app, headers, order.id)).toMatchObject({
      status: 'processing',
      payment_status: 'approved',
      payment_method: 'boleto',
      total_cents: order.total_cents,
    });
    const events = await ctx.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(events.filter((event) => event.action === 'payment_approved')).toHaveLength(1);
    expect(events.filter((event) => event.action === 'repriced')).toHaveLength(0);
  });

  it('a boleto being cleared still refuses PIX', async () => {
    clock = new Date('2026-12-07T17:00:00.000Z');
    const { headers, order } = await placedOrder('boleto');
    const boletoId = await boletoOf(headers, order.id);
    fake.setStatus(boletoId, 'in_process');
    expect((await fake.notify(webhookUrl, boletoId, { secret: SECRET })).status).toBe(200);

    const pix = await payOrder(ctx.app, headers, order.id);
    expect(pix.statusCode).toBe(409);
    expect(pix.json<ErrorJson>().code).toBe('payment_in_progress');
  });
});

describe('Meus Pedidos', () => {
  async function listed(headers: object, orderId: number) {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/my_orders',
      headers: { ...headers },
    });
    expect(response.statusCode).toBe(200);
    const { orders: list } = response.json<{
      orders: { id: number; payment_info: Record<string, unknown> }[];
    }>();
    return list.find((one) => one.id === orderId)?.payment_info;
  }

  it('says a boleto is awaited until its due date, with its PDF, and PIX may still replace it', async () => {
    clock = new Date('2026-12-09T15:00:00.000Z');
    const { headers, order } = await placedOrder('boleto');
    const response = await payBy(headers, order.id, { method: 'boleto' });
    const { payment } = response.json<PayByMethodResponse>();
    const [year, month, day] = String(payment.boleto?.due_date).split('-');
    expect(await listed(headers, order.id)).toEqual({
      can_pay: true,
      message: `Aguardando pagamento do boleto (vencimento ${day}/${month}/${year})`,
      qr_code: null,
      ticket_url: payment.boleto?.pdf_url,
      payment_id: null,
    });
  });

  it('says a card in review is being analysed, with nothing to pay', async () => {
    clock = new Date('2026-12-09T16:00:00.000Z');
    const { headers, order } = await placedOrder('card');
    const card = await payBy(headers, order.id, cardBody(await fake.cardToken('CONT')));
    expect(card.statusCode, card.body).toBe(200);
    expect(await listed(headers, order.id)).toEqual({
      can_pay: false,
      message: 'Pagamento em análise',
      qr_code: null,
      ticket_url: null,
      payment_id: null,
    });
  });

  it('keeps the spec’s PIX words for a PIX order', async () => {
    clock = new Date('2026-12-09T17:00:00.000Z');
    const { headers, order } = await placedOrder('pix');
    const pix = await payOrder(ctx.app, headers, order.id);
    expect(await listed(headers, order.id)).toMatchObject({
      can_pay: true,
      message: 'Aguardando pagamento PIX',
      payment_id: pix.json<{ payment_id: number }>().payment_id,
    });
  });
});

describe('without card payments', () => {
  it('an order for a card or a boleto is refused on its field, in pt-BR', async () => {
    const pixOnly = await createTestContext();
    try {
      const [productId] = (await insertProducts(pixOnly.database.db, [
        createProduct({ name: 'Argola Lua', price_cents: 8000, stock_quantity: 10 }),
      ])) as [number];
      const buyer = await shopper(pixOnly.app, pixOnly.database);
      await addToCart(pixOnly.app, buyer.headers, productId, 1);
      for (const [method, message] of [
        ['card', 'Pagamento com cartão indisponível'],
        ['boleto', 'Pagamento com boleto indisponível'],
      ] as const) {
        const refused = await placeOrder(
          pixOnly.app,
          buyer.headers,
          checkoutBody({ payment_method: method }),
        );
        expect(refused.statusCode).toBe(422);
        expect(refused.json<ErrorJson>()).toMatchObject({
          message,
          fields: { payment_method: [message] },
        });
      }
      const pix = await placeOrder(pixOnly.app, buyer.headers, checkoutBody());
      expect(pix.statusCode).toBe(201);
      expect(pix.json<{ order: OrderJson }>().order.payment_method).toBe('pix');
    } finally {
      await pixOnly.close();
    }
  });
});

function formatted(cents: number): string {
  return `R$ ${(cents / 100).toFixed(2).replace('.', ',')}`;
}

describe('order histories', () => {
  it('hold only steps the admin’s history names', async () => {
    const written = await ctx.database.db
      .selectDistinct({ action: orderEvents.action })
      .from(orderEvents);
    expect(written.map(({ action }) => action)).toEqual(
      expect.arrayContaining(['repriced', 'payment_approved']),
    );
    for (const { action } of written) {
      expect(ORDER_EVENT_ACTIONS).toContain(action);
    }
  });
});
