import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, paymentEvents, payments } from '../../db/schema/orders.ts';
import {
  type FakeMercadoPagoServer,
  startFakeMercadoPago,
} from '../../integrations/mercadopago/fake-mercadopago-server.ts';
import { signMercadoPagoNotification } from '../../integrations/mercadopago/mercadopago-signature.ts';
import {
  startTestSmtpServer,
  subjectsTo,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
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
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';
import { ORDER_MAIL_SUBJECTS } from '../orders/order-mails.ts';
import { PIX_PAYMENT_WINDOW_MS } from './service.ts';
import { mercadoPagoTestEnv } from '../../integrations/mercadopago/mercadopago-test-env.ts';

const SECRET = 'webhook-secret-for-tests';

let ctx: TestContext;
let fake: FakeMercadoPagoServer;
let smtp: TestSmtpServer;
let webhookUrl: string;
let clock = new Date();
let sequence = 0;

beforeAll(async () => {
  fake = await startFakeMercadoPago();
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({
    env: {
      ...mercadoPagoTestEnv(fake, { webhookSecret: SECRET, cards: false }),
      // Short enough for the timeout case, long enough for a loaded CI machine's first call.
      MERCADOPAGO_TIMEOUT_MS: '2000',
      SMTP_URL: smtp.url,
      APP_URL: 'https://loja.test',
    },
    now: () => clock,
  });
  // Real HTTP from the fake to the API, as MercadoPago's notifications arrive.
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `${address}/api/webhooks/mercadopago`;
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
  await smtp?.close();
});

beforeEach(() => {
  clock = new Date();
});

interface PaymentJson {
  payment_id: number;
  gateway_payment_id: string;
  status: string;
  provider: string;
  sandbox: boolean;
  pix_data: { qr_code: string; qr_code_base64: string; ticket_url: string };
}

async function orderWithPayment(options: { stock?: number; quantity?: number } = {}) {
  const [productId] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Labret Sol', price_cents: 8000, stock_quantity: options.stock ?? 10 }),
  ])) as [number];
  const buyer = await shopper(ctx.app, ctx.database);
  await addToCart(ctx.app, buyer.headers, productId, options.quantity ?? 1);
  sequence += 1;
  const email = `pix${sequence}@example.com`;
  const placed = await placeOrder(ctx.app, buyer.headers, checkoutBody({ customer_email: email }));
  expect(placed.statusCode).toBe(201);
  const order = placed.json<{ order: { id: number; order_number: string; total_cents: number } }>()
    .order;
  return { ...buyer, productId, order, email };
}

const pay = (headers: object, orderId: number) =>
  payOrder(ctx.app, headers, orderId, {
    payment_method: 'pix',
    frontend_url: 'https://loja.test',
    cep: '01310100',
  });
const statusOf = (headers: object, orderId: number) => orderStatusOf(ctx.app, headers, orderId);

async function eventsOf(gatewayId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(payments)
    .where(eq(payments.gatewayPaymentId, gatewayId));
  return ctx.database.db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, row?.id ?? 0));
}

describe('MercadoPago provider', () => {
  it('creates the PIX charge at MercadoPago with an idempotency key and its QR data', async () => {
    const { headers, order } = await orderWithPayment({ quantity: 2 });
    const response = await pay(headers, order.id);
    expect(response.statusCode).toBe(200);
    const payment = response.json<PaymentJson>();
    expect(payment).toMatchObject({ status: 'pending', provider: 'mercadopago', sandbox: false });
    const stored = fake.payments.get(payment.gateway_payment_id);
    expect(stored).toMatchObject({
      transaction_amount: order.total_cents / 100,
      external_reference: order.order_number,
      notification_url: 'https://loja.test/api/webhooks/mercadopago',
      payment_method_id: 'pix',
    });
    expect(payment.pix_data).toEqual(stored?.point_of_interaction?.transaction_data);
    const creation = fake.requests.find((request) => request.method === 'POST');
    expect(creation?.headers['x-idempotency-key']).toBe(`lumina-payment-${payment.payment_id}`);
    const expiry = new Date(String(stored?.date_of_expiration)).getTime() - clock.getTime();
    expect(Math.abs(expiry - PIX_PAYMENT_WINDOW_MS)).toBeLessThan(1000);

    // Loading the PIX page again answers the same charge without asking MercadoPago for another.
    const creations = fake.creations;
    expect((await pay(headers, order.id)).json<PaymentJson>().gateway_payment_id).toBe(
      payment.gateway_payment_id,
    );
    expect(fake.creations).toBe(creations);
  });

  it.each([500, 'timeout'] as const)(
    'a provider that answers %s: "Erro ao criar pagamento PIX", order still payable, one charge',
    async (mode) => {
      const { headers, order } = await orderWithPayment();
      const creations = fake.creations;
      fake.failNext(1, mode);
      const failed = await pay(headers, order.id);
      expect(failed.statusCode).toBe(503);
      expect(failed.json<ErrorJson>().message).toBe('Erro ao criar pagamento PIX');
      expect(await statusOf(headers, order.id)).toMatchObject({
        status: 'pending',
        payment_status: 'pending',
      });
      const retried = await pay(headers, order.id);
      expect(retried.statusCode).toBe(200);
      // A timed-out creation did happen at MercadoPago: the same key finds it, no second charge.
      expect(fake.creations).toBe(creations + 1);
      expect(fake.payments.get(retried.json<PaymentJson>().gateway_payment_id)).toBeDefined();
    },
  );

  it('approves on a signed webhook, once, however often it is replayed', async () => {
    const { headers, order, email } = await orderWithPayment();
    const payment = (await pay(headers, order.id)).json<PaymentJson>();
    fake.setStatus(payment.gateway_payment_id, 'approved');
    const first = await fake.notify(webhookUrl, payment.gateway_payment_id, { secret: SECRET });
    expect(first.status).toBe(200);
    expect(await statusOf(headers, order.id)).toEqual(
      expect.objectContaining({ status: 'processing', payment_status: 'approved' }),
    );

    const replays = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fake.notify(webhookUrl, payment.gateway_payment_id, {
          secret: SECRET,
          requestId: `replay-${i}`,
        }),
      ),
    );
    expect(replays.map((replay) => replay.status)).toEqual(Array(10).fill(200));
    const events = await eventsOf(payment.gateway_payment_id);
    expect(events.map((event) => [event.source, event.fromStatus, event.toStatus])).toEqual([
      ['webhook', 'pending', 'approved'],
    ]);
    await ctx.app.outbox.drain();
    expect(subjectsTo(smtp, email)).toEqual([
      ORDER_MAIL_SUBJECTS.received(order.order_number),
      ORDER_MAIL_SUBJECTS.approved(order.order_number),
    ]);
  });

  it('never moves backwards on out-of-order notifications', async () => {
    const { headers, order, productId } = await orderWithPayment({ stock: 3, quantity: 1 });
    const payment = (await pay(headers, order.id)).json<PaymentJson>();
    const id = payment.gateway_payment_id;
    fake.setStatus(id, 'in_process');
    await fake.notify(webhookUrl, id, { secret: SECRET });
    expect((await statusOf(headers, order.id)).payment_status).toBe('processing');
    fake.setStatus(id, 'approved');
    await fake.notify(webhookUrl, id, { secret: SECRET });
    // A late "pending" and a late "in_process" change nothing once approved.
    for (const late of ['pending', 'in_process']) {
      fake.setStatus(id, late);
      expect((await fake.notify(webhookUrl, id, { secret: SECRET })).status).toBe(200);
    }
    expect(await statusOf(headers, order.id)).toMatchObject({
      status: 'processing',
      payment_status: 'approved',
    });
    expect(await stockOf(ctx.database, productId)).toBe(2);
    const events = await eventsOf(id);
    expect(events.map((event) => event.toStatus)).toEqual(['processing', 'approved']);
  });

  it('returns the stock once when MercadoPago cancels, and flags a later approval for the shop', async () => {
    const { headers, order, productId } = await orderWithPayment({ stock: 4, quantity: 2 });
    const id = (await pay(headers, order.id)).json<PaymentJson>().gateway_payment_id;
    expect(await stockOf(ctx.database, productId)).toBe(2);
    fake.setStatus(id, 'cancelled');
    await Promise.all(
      Array.from({ length: 5 }, () => fake.notify(webhookUrl, id, { secret: SECRET })),
    );
    expect(await stockOf(ctx.database, productId)).toBe(4);
    const admin = await createUser(ctx.database, { role: 'admin' });
    fake.setStatus(id, 'approved');
    await Promise.all(
      Array.from({ length: 3 }, () => fake.notify(webhookUrl, id, { secret: SECRET })),
    );
    // Money that arrived after the cancel is never dropped: the order says so, stock untouched.
    expect(await statusOf(headers, order.id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'approved',
    });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.paidAfterCancel).toBe(true);
    expect(await stockOf(ctx.database, productId)).toBe(4);
    await ctx.app.outbox.drain();
    expect(subjectsTo(smtp, admin.email)).toEqual([
      ORDER_MAIL_SUBJECTS.paidAfterCancel(order.order_number),
    ]);
  });

  it('refuses unsigned and badly signed notifications with 401 and changes nothing', async () => {
    const { headers, order } = await orderWithPayment();
    const id = (await pay(headers, order.id)).json<PaymentJson>().gateway_payment_id;
    fake.setStatus(id, 'approved');
    const body = { type: 'payment', action: 'payment.updated', data: { id } };
    const ts = Date.now();
    const attempts: Record<string, string>[] = [
      {},
      { 'x-signature': `ts=${ts},v1=${'0'.repeat(64)}`, 'x-request-id': 'r1' },
      {
        'x-signature': signMercadoPagoNotification({
          secret: 'wrong',
          dataId: id,
          requestId: 'r2',
          ts,
        }),
        'x-request-id': 'r2',
      },
      {
        // Signed for another payment id.
        'x-signature': signMercadoPagoNotification({
          secret: SECRET,
          dataId: '1',
          requestId: 'r3',
          ts,
        }),
        'x-request-id': 'r3',
      },
    ];
    for (const headersOfAttempt of attempts) {
      const response = await fetch(`${webhookUrl}?data.id=${id}&type=payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headersOfAttempt },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(401);
    }
    expect(await statusOf(headers, order.id)).toMatchObject({ payment_status: 'pending' });
    expect(await eventsOf(id)).toEqual([]);
  });

  it('answers 503 when MercadoPago cannot be read, so the notification comes again', async () => {
    const { headers, order } = await orderWithPayment();
    const id = (await pay(headers, order.id)).json<PaymentJson>().gateway_payment_id;
    fake.setStatus(id, 'approved');
    fake.failNext(1, 500);
    expect((await fake.notify(webhookUrl, id, { secret: SECRET })).status).toBe(503);
    expect((await statusOf(headers, order.id)).payment_status).toBe('pending');
    expect((await fake.notify(webhookUrl, id, { secret: SECRET })).status).toBe(200);
    expect((await statusOf(headers, order.id)).payment_status).toBe('approved');
  });

  it('acknowledges notifications about payments that are not ours', async () => {
    const response = await fake.notify(webhookUrl, '999', { secret: SECRET });
    expect(response.status).toBe(200);
  });

  it('"Verificar Todos os PIX" applies what MercadoPago knows', async () => {
    const { headers, order } = await orderWithPayment();
    const id = (await pay(headers, order.id)).json<PaymentJson>().gateway_payment_id;
    fake.setStatus(id, 'approved');
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/my_orders/verify_pix',
      headers: { ...headers },
      payload: {},
    });
    expect(verified.json()).toMatchObject({
      success: true,
      message: 'Verificação de PIX realizada com sucesso!',
      updated: 1,
    });
    expect((await statusOf(headers, order.id)).payment_status).toBe('approved');
  });

  it('cancels an expired charge at MercadoPago too, unless it was paid meanwhile', async () => {
    const stale = await orderWithPayment({ stock: 2, quantity: 1 });
    const staleId = (await pay(stale.headers, stale.order.id)).json<PaymentJson>()
      .gateway_payment_id;
    const paid = await orderWithPayment({ stock: 2, quantity: 1 });
    const paidId = (await pay(paid.headers, paid.order.id)).json<PaymentJson>().gateway_payment_id;
    fake.setStatus(paidId, 'approved'); // its notification never arrived

    clock = new Date(clock.getTime() + PIX_PAYMENT_WINDOW_MS + 1000);
    await ctx.app.payments.expireOverdue();
    expect(fake.payments.get(staleId)?.status).toBe('cancelled');
    expect(
      fake.requests.some((request) => request.method === 'PUT' && request.path.endsWith(staleId)),
    ).toBe(true);
    expect(await stockOf(ctx.database, stale.productId)).toBe(2);
    expect(await stockOf(ctx.database, paid.productId)).toBe(1);
    const [paidRow] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.gatewayPaymentId, paidId));
    expect(paidRow?.status).toBe('approved');
  });

  it('refunds a paid order through MercadoPago when the shop cancels it, once', async () => {
    const { headers, order, productId, email } = await orderWithPayment({ stock: 3, quantity: 2 });
    const id = (await pay(headers, order.id)).json<PaymentJson>().gateway_payment_id;
    fake.setStatus(id, 'approved');
    await fake.notify(webhookUrl, id, { secret: SECRET });
    expect(await stockOf(ctx.database, productId)).toBe(1);
    const adminUser = await createUser(ctx.database, { role: 'admin' });
    const admin = bearerHeader((await signIn(ctx.app, adminUser)).access_token);
    const cancel = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/cancel`,
        headers: admin,
      });

    // MercadoPago down: nothing changes, the administrator is told to try again.
    fake.failNext(1, 500);
    const refused = await cancel();
    expect(refused.statusCode).toBe(503);
    expect(await statusOf(headers, order.id)).toMatchObject({ status: 'processing' });

    const [first, second] = await Promise.all([cancel(), cancel()]);
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    expect(fake.payments.get(id)?.status).toBe('refunded');
    const refunds = fake.requests.filter((request) => request.path.endsWith('/refunds'));
    expect(new Set(refunds.map((request) => request.headers['x-idempotency-key']))).toEqual(
      new Set([`lumina-refund-${(await pay(headers, order.id)).json<PaymentJson>().payment_id}`]),
    );
    expect(await statusOf(headers, order.id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
    });
    expect(await stockOf(ctx.database, productId)).toBe(3);
    // MercadoPago's own notification of the refund changes nothing more.
    await fake.notify(webhookUrl, id, { secret: SECRET });
    expect(await stockOf(ctx.database, productId)).toBe(3);
    await ctx.app.outbox.drain();
    expect(subjectsTo(smtp, email)).toEqual([
      ORDER_MAIL_SUBJECTS.received(order.order_number),
      ORDER_MAIL_SUBJECTS.approved(order.order_number),
      ORDER_MAIL_SUBJECTS.cancelled(order.order_number),
    ]);
  });

  it('leaves MercadoPago payments to MercadoPago: the shop cannot confirm them by hand', async () => {
    const { headers, order } = await orderWithPayment();
    await pay(headers, order.id);
    const adminUser = await createUser(ctx.database, { role: 'admin' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/confirm_payment`,
      headers: bearerHeader((await signIn(ctx.app, adminUser)).access_token),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorJson>().code).toBe('provider_confirms');
  });
});
