import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentEvents, payments } from '../../db/schema/orders.ts';
import {
  startTestSmtpServer,
  subjectsTo,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import { parsePixBrCode } from '../../integrations/pix/parse-br-code.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import {
  addToCart,
  checkoutBody,
  orderStatusOf,
  payOrder,
  placeOrder,
  shopper,
  stockOf,
} from '../../test/checkout.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, signIn } from '../../test/user-builder.ts';
import type { UserRow } from '../../db/schema/users.ts';
import type { PaymentInfoJson } from '../orders/order-json.ts';
import { SANDBOX_PIX_KEY } from '../../integrations/pix/builtin-pix-provider.ts';
import { ORDER_MAIL_SUBJECTS } from '../orders/order-mails.ts';
import { PIX_PAYMENT_WINDOW_MS } from './service.ts';

interface PaymentJson {
  payment_id: number;
  gateway_payment_id: string;
  status: string;
  sandbox: boolean;
  expires_at: string;
  pix_data: { qr_code: string; qr_code_base64: string; ticket_url: string };
  amount: number;
  pricing: { total: number; subtotal: number; shipping_cost: number };
  order_summary: { order_number: string; items_count: number };
}

let ctx: TestContext;
let smtp: TestSmtpServer;
let clock = new Date('2026-11-23T12:00:00.000Z');
let mailSequence = 0;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({
    env: { SMTP_URL: smtp.url, APP_URL: 'http://loja.test', PAYMENTS_SANDBOX: 'true' },
    now: () => clock,
  });
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

beforeEach(() => {
  clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000);
});

/** A customer with one order for `quantity` units of a new product with `stock` units. */
async function orderedShopper(options: { stock?: number; quantity?: number; price?: number } = {}) {
  const [productId] = (await insertProducts(ctx.database.db, [
    createProduct({
      name: 'Argola Lua',
      price_cents: options.price ?? 10000,
      stock_quantity: options.stock ?? 5,
    }),
  ])) as [number];
  const buyer = await shopper(ctx.app, ctx.database);
  await addToCart(ctx.app, buyer.headers, productId, options.quantity ?? 2);
  mailSequence += 1;
  const email = `compradora${mailSequence}@example.com`;
  const placed = await placeOrder(ctx.app, buyer.headers, checkoutBody({ customer_email: email }));
  expect(placed.statusCode).toBe(201);
  const order = placed.json<{ order: { id: number; total_cents: number; order_number: string } }>()
    .order;
  return { ...buyer, productId, order, email };
}

const pay = (headers: object, orderId: number, body?: object) =>
  payOrder(ctx.app, headers, orderId, body);
const orderStatus = (headers: object, orderId: number) => orderStatusOf(ctx.app, headers, orderId);

function simulate(headers: object, orderId: number) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/simulate_payment`,
    headers: { ...headers },
    payload: {},
  });
}

async function myOrders(headers: object) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/my_orders',
    headers: { ...headers },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{
    orders: {
      id: number;
      total: string;
      status: string;
      payment_status: string;
      payment_info: PaymentInfoJson;
    }[];
  }>().orders;
}

describe('built-in PIX provider (sandbox)', () => {
  it('issues a BR Code for the order total, once, with its QR image and ticket page', async () => {
    const { headers, order, email } = await orderedShopper();
    const first = await pay(headers, order.id, {
      payment_method: 'pix',
      frontend_url: 'http://evil.test',
      cep: '01310100',
    });
    expect(first.statusCode).toBe(200);
    const payment = first.json<PaymentJson>();
    expect(payment).toMatchObject({
      status: 'pending',
      sandbox: true,
      amount: order.total_cents / 100,
    });
    expect(payment.order_summary).toMatchObject({
      order_number: order.order_number,
      items_count: 2,
    });
    expect(new Date(payment.expires_at).getTime() - clock.getTime()).toBe(PIX_PAYMENT_WINDOW_MS);

    const code = parsePixBrCode(payment.pix_data.qr_code);
    expect(code.crcValid).toBe(true);
    expect(code.merchantAccount['01']).toBe(SANDBOX_PIX_KEY);
    expect(code.fields['54']).toBe((order.total_cents / 100).toFixed(2));
    expect(code.fields['59']).toBe('Lumina Piercings');
    expect(code.additionalData['05']).toBe(payment.gateway_payment_id);
    expect(Buffer.from(payment.pix_data.qr_code_base64, 'base64').subarray(1, 4).toString()).toBe(
      'PNG',
    );

    // The ticket is a page of the store, opened without the bearer token.
    expect(payment.pix_data.ticket_url).toBe(
      `http://loja.test/api/pix/${payment.gateway_payment_id}`,
    );
    const ticket = await ctx.app.inject({
      method: 'GET',
      url: new URL(payment.pix_data.ticket_url).pathname,
    });
    expect(ticket.statusCode).toBe(200);
    expect(ticket.headers['content-type']).toContain('text/html');
    expect(ticket.body).toContain(order.order_number);
    expect(ticket.body).toContain(payment.pix_data.qr_code.replaceAll('&', '&amp;'));
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/pix/AAAAAAAAAAAAAAAAAAAAAAAAA' }))
        .statusCode,
    ).toBe(404);

    // The PIX page asks again on load: the same charge comes back, no second one is made.
    const again = (await pay(headers, order.id)).json<PaymentJson>();
    expect(again.payment_id).toBe(payment.payment_id);
    expect(again.pix_data.qr_code).toBe(payment.pix_data.qr_code);
    const rows = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id));
    expect(rows).toHaveLength(1);

    const received = await smtp.waitForMail(email);
    expect(received.subject).toBe(ORDER_MAIL_SUBJECTS.received(order.order_number));
    expect(received.text).toContain(payment.pix_data.qr_code);
    expect(received.text).toContain('30 minutos');
  });

  it('approves through "Simular pagamento" for the owner only, once', async () => {
    const { headers, order, email } = await orderedShopper();
    const other = await shopper(ctx.app, ctx.database);
    expect((await pay(other.headers, order.id)).statusCode).toBe(404);
    expect((await simulate(headers, order.id)).statusCode).toBe(409); // no charge issued yet
    await pay(headers, order.id);
    expect((await simulate(other.headers, order.id)).statusCode).toBe(404);

    const approved = await simulate(headers, order.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({
      success: true,
      status: 'approved',
      order_status: 'processing',
    });
    expect(await orderStatus(headers, order.id)).toMatchObject({
      status: 'processing',
      payment_status: 'approved',
    });
    // A retry whose first attempt went through answers the order as it is now, and changes nothing.
    const replay = await simulate(headers, order.id);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(approved.json());

    const { payment_id: paymentId } = (await pay(headers, order.id)).json<PaymentJson>();
    const status = (url: string, as: object) =>
      ctx.app.inject({ method: 'GET', url, headers: { ...as } });
    expect((await status(`/api/payments/${paymentId}/status`, headers)).json()).toMatchObject({
      payment_id: paymentId,
      status: 'approved',
      order_id: order.id,
      order_status: 'processing',
    });
    expect((await status(`/api/payments/${paymentId}/status`, other.headers)).statusCode).toBe(404);
    expect((await status('/api/payments/x/status', headers)).statusCode).toBe(404);

    // The paid order answers its approved payment, so the PIX page moves to the success page.
    const paid = await pay(headers, order.id);
    expect(paid.json<PaymentJson>().status).toBe('approved');

    const [listed] = await myOrders(headers);
    expect(listed).toMatchObject({
      id: order.id,
      payment_status: 'approved',
      payment_info: { can_pay: false, message: 'Pagamento aprovado', qr_code: null },
    });
    await smtp.waitForMail(email);
    await ctx.app.outbox.drain();
    expect(subjectsTo(smtp, email)).toEqual([
      ORDER_MAIL_SUBJECTS.received(order.order_number),
      ORDER_MAIL_SUBJECTS.approved(order.order_number),
    ]);
  });

  it('refuses other payment methods and malformed ids', async () => {
    const { headers, order } = await orderedShopper();
    const card = await pay(headers, order.id, { payment_method: 'credit_card' });
    expect(card.statusCode).toBe(422);
    expect(card.json<ErrorJson>().message).toBe(
      'Forma de pagamento indisponível. No momento aceitamos apenas PIX.',
    );
    for (const id of ['abc', '0', '-1', '1e3', '99999999999']) {
      expect((await pay(headers, id as unknown as number)).statusCode).toBe(404);
    }
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/mercadopago_payment`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists a payable order with its code and a formatted total', async () => {
    const { headers, order } = await orderedShopper({ price: 123456, quantity: 1 });
    const [unpaid] = await myOrders(headers);
    expect(unpaid?.payment_info).toMatchObject({ can_pay: true, qr_code: null });
    const payment = (await pay(headers, order.id)).json<PaymentJson>();
    const [listed] = await myOrders(headers);
    expect(listed?.total).toMatch(/^R\$\s1\.\d{3},\d{2}$/);
    expect(listed?.payment_info).toEqual({
      can_pay: true,
      message: 'Aguardando pagamento PIX',
      qr_code: payment.pix_data.qr_code,
      ticket_url: payment.pix_data.ticket_url,
      payment_id: payment.payment_id,
    });
  });
});

describe('expiry after 30 minutes (injected clock)', () => {
  // Orders of earlier tests are days old by now: sweep them first so counts are this test's.
  beforeEach(async () => {
    await ctx.app.payments.expireOverdue();
  });

  /** Access tokens expire with the clock too: a shopper coming back signs in again. */
  async function signedInAgain(user: UserRow) {
    return bearerHeader((await signIn(ctx.app, user)).access_token);
  }

  it('cancels the charge and the order and returns the stock exactly once', async () => {
    const shopperWithOrder = await orderedShopper({ stock: 5, quantity: 2 });
    const { user, order, productId, email } = shopperWithOrder;
    let { headers } = shopperWithOrder;
    await pay(headers, order.id);
    expect(await stockOf(ctx.database, productId)).toBe(3);

    clock = new Date(clock.getTime() + PIX_PAYMENT_WINDOW_MS - 1000);
    expect(await ctx.app.payments.expireOverdue()).toEqual({ payments: 0, orders: 0 });
    clock = new Date(clock.getTime() + 2000);
    expect(await ctx.app.payments.expireOverdue()).toEqual({ payments: 1, orders: 0 });
    expect(await stockOf(ctx.database, productId)).toBe(5);
    headers = await signedInAgain(user);
    expect(await orderStatus(headers, order.id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'cancelled',
    });

    // Every later path meets a final payment: the stock never comes back twice.
    await Promise.all([
      ctx.app.payments.expireOverdue(),
      ctx.app.payments.expireOverdue(),
      ctx.app.inject({
        method: 'POST',
        url: '/api/my_orders/verify_pix',
        headers: { ...headers },
        payload: {},
      }),
      ctx.app.payments.cancelUnpaidOrder(order.id),
    ]);
    expect(await stockOf(ctx.database, productId)).toBe(5);

    // An expired charge cannot be approved afterwards, nor can the order be paid again.
    expect((await simulate(headers, order.id)).statusCode).toBe(409);
    const retry = await pay(headers, order.id);
    expect(retry.json<PaymentJson>().status).toBe('cancelled');
    const [paymentRow] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id));
    const events = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, paymentRow?.id ?? 0));
    expect(events.map((event) => [event.source, event.fromStatus, event.toStatus])).toEqual([
      ['expiry', 'pending', 'cancelled'],
    ]);

    const [listed] = await myOrders(headers);
    expect(listed?.payment_info).toMatchObject({
      can_pay: false,
      message: 'Pedido cancelado: o PIX não foi pago no prazo',
    });
    await ctx.app.outbox.drain();
    expect(subjectsTo(smtp, email)).toEqual([
      ORDER_MAIL_SUBJECTS.received(order.order_number),
      ORDER_MAIL_SUBJECTS.expired(order.order_number),
    ]);
  });

  it('expires an overdue charge on the spot when the shopper comes back before the sweep', async () => {
    const { user, headers, order, productId } = await orderedShopper({ stock: 4, quantity: 1 });
    await pay(headers, order.id);
    clock = new Date(clock.getTime() + PIX_PAYMENT_WINDOW_MS);
    expect((await simulate(await signedInAgain(user), order.id)).statusCode).toBe(409);
    expect(await stockOf(ctx.database, productId)).toBe(4);
  });

  it('cancels an order that never got a charge', async () => {
    const { user, order, productId } = await orderedShopper({ stock: 3, quantity: 3 });
    expect(await stockOf(ctx.database, productId)).toBe(0);
    clock = new Date(clock.getTime() + PIX_PAYMENT_WINDOW_MS + 1);
    expect(await ctx.app.payments.expireOverdue()).toEqual({ payments: 0, orders: 1 });
    expect(await stockOf(ctx.database, productId)).toBe(3);
    const late = await pay(await signedInAgain(user), order.id);
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorJson>().message).toBe(
      'Este pedido não pode mais ser pago. Se ainda quiser as peças, faça um novo pedido.',
    );
  });
});

describe('sandbox off', () => {
  it('has no "Simular pagamento"', async () => {
    const live = await createTestContext({
      env: { PIX_KEY: 'Loja@Example.com', PAYMENTS_SANDBOX: 'false' },
    });
    try {
      const [productId] = (await insertProducts(live.database.db, [createProduct({})])) as [number];
      const buyer = await shopper(live.app, live.database);
      await addToCart(live.app, buyer.headers, productId, 1);
      const { order } = (await placeOrder(live.app, buyer.headers)).json<{
        order: { id: number };
      }>();
      const payment = await live.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/mercadopago_payment`,
        headers: buyer.headers,
        payload: { payment_method: 'pix' },
      });
      expect(payment.json<PaymentJson>()).toMatchObject({ sandbox: false });
      expect(
        parsePixBrCode(payment.json<PaymentJson>().pix_data.qr_code).merchantAccount['01'],
      ).toBe('loja@example.com');
      const simulated = await live.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/simulate_payment`,
        headers: buyer.headers,
        payload: {},
      });
      expect(simulated.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});
