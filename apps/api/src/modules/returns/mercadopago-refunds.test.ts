import type { AdminOrderDetail } from '@lumina/shared/admin/admin-orders';
import type {
  AdminReturnActionResponse,
  CreateReturnResponse,
} from '@lumina/shared/returns/return-schemas';
import { REFUND_MESSAGES } from '@lumina/shared/returns/return-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/orders.ts';
import { refunds } from '../../db/schema/refunds.ts';
import type { UserRow } from '../../db/schema/users.ts';
import {
  type FakeMercadoPagoServer,
  startFakeMercadoPago,
} from '../../integrations/mercadopago/fake-mercadopago-server.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import { returnsFixture, type ReturnsFixture, TRACKING } from '../../test/returns.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createUser } from '../../test/user-builder.ts';
import { PENDING_REFUND_RETRY_MS } from '../payments/refunds.ts';
import { mercadoPagoTestEnv } from '../../integrations/mercadopago/mercadopago-test-env.ts';

const SECRET = 'webhook-secret-for-returns';

let ctx: TestContext;
let fake: FakeMercadoPagoServer;
let shop: ReturnsFixture;
let admin: UserRow;
let webhookUrl: string;
let clock = new Date();

beforeAll(async () => {
  fake = await startFakeMercadoPago();
  ctx = await createTestContext({
    env: {
      ...mercadoPagoTestEnv(fake, { webhookSecret: SECRET, cards: false }),
      // Short enough for the lost answer below, long enough for a loaded machine's first call.
      MERCADOPAGO_TIMEOUT_MS: '1500',
      APP_URL: 'https://loja.test',
    },
    now: () => clock,
  });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `${address}/api/webhooks/mercadopago`;
  shop = returnsFixture(ctx.app, ctx.database);
  admin = await createUser(ctx.database, { role: 'admin', email: 'dona.mp@loja.test' });
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

beforeEach(() => {
  clock = new Date();
});

const later = () => {
  clock = new Date(clock.getTime() + PENDING_REFUND_RETRY_MS + 1000);
};

/** An order paid at the (fake) MercadoPago, then shipped and delivered unless told. */
async function paidOrder(quantity: number, options: { deliver?: boolean } = {}) {
  const ring = await shop.ring();
  const placed = await shop.placed([
    { productId: ring.productId, variantId: ring.eight, quantity },
  ]);
  const gatewayId = placed.payment.gateway_payment_id;
  fake.setStatus(gatewayId, 'approved');
  const verified = await shop.call(placed.buyer, 'POST', '/my_orders/verify_pix');
  expect(verified.statusCode).toBe(200);
  if (options.deliver !== false) {
    await shop.adminAct(admin, placed.order.id, 'ship', { tracking_code: TRACKING });
    await shop.adminAct(admin, placed.order.id, 'deliver');
  }
  return { ...placed, ring, gatewayId, order: await shop.orderOf(placed.buyer, placed.order.id) };
}

/** A withdrawal of `quantity` units of the order's one item, received back by the shop. */
async function receivedWithdrawal(placed: Awaited<ReturnType<typeof paidOrder>>, quantity: number) {
  const created = await shop.call(placed.buyer, 'POST', `/orders/${placed.order.id}/returns`, {
    return: {
      type: 'withdrawal',
      items: [{ order_item_id: placed.order.items[0]!.id, quantity }],
    },
  });
  expect(created.statusCode).toBe(201);
  const request = created.json<CreateReturnResponse>().return;
  const received = await shop.call(admin, 'POST', `/admin/returns/${request.id}/receive`, {
    items: [{ return_item_id: request.items[0]!.id, resellable: true }],
  });
  expect(received.statusCode).toBe(200);
  return request;
}

const refundCalls = () => fake.requests.filter((request) => request.path.endsWith('/refunds'));

describe('refunds through MercadoPago', () => {
  it('refunds part of the charge over HTTP, records MercadoPago’s refund, then the rest', async () => {
    const placed = await paidOrder(2);
    const unit = placed.order.items[0]!.price;
    const request = await receivedWithdrawal(placed, 1);
    const calls = refundCalls().length;

    const refunded = await shop.call(admin, 'POST', `/admin/returns/${request.id}/refund`, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<AdminReturnActionResponse>().return).toMatchObject({
      status: 'refunded',
      refunded_amount: unit,
    });
    // MercadoPago was asked for a partial refund of that amount, and answered with it.
    const sent = refundCalls().slice(calls);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ amount: unit });
    expect(String(sent[0]!.headers['x-idempotency-key'])).toMatch(/^lumina-refund-\d+-\d+$/);
    const atMercadoPago = fake.refunds.get(placed.gatewayId) ?? [];
    expect(atMercadoPago.map((refund) => refund.amount)).toEqual([unit]);
    expect(fake.payments.get(placed.gatewayId)).toMatchObject({
      status: 'approved',
      status_detail: 'partially_refunded',
      transaction_amount_refunded: unit,
    });
    const [row] = await ctx.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, placed.order.id));
    expect(row).toMatchObject({
      method: 'mercadopago',
      status: 'completed',
      amountCents: Math.round(unit * 100),
      providerRefundId: String(atMercadoPago[0]!.id),
      returnId: request.id,
    });
    expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
      status: 'partially_returned',
      payment_status: 'approved',
      refunded_total: unit,
      refunds: [{ amount: unit, method: 'mercadopago' }],
    });

    // More than is left is refused before MercadoPago hears of it.
    const tooMuch = await shop.call(admin, 'POST', `/admin/orders/${placed.order.id}/refunds`, {
      amount: placed.order.total,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json<ErrorJson>().code).toBe('refund_too_large');
    expect(refundCalls().length).toBe(calls + 1);

    // The rest of the money, without goods: the whole charge is back at MercadoPago.
    const rest = await shop.call(admin, 'POST', `/admin/orders/${placed.order.id}/refunds`, {
      reason: 'Cliente ficou sem a segunda peça',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ refundable: 0, refunded_total: placed.order.total });
    expect(fake.payments.get(placed.gatewayId)?.status).toBe('refunded');
    const detail = (
      await shop.call(admin, 'GET', `/admin/orders/${placed.order.id}`)
    ).json<AdminOrderDetail>();
    expect(detail.order).toMatchObject({ status: 'returned', payment_status: 'refunded' });
    expect(detail.refunds).toHaveLength(2);
    const [payment] = await ctx.database.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.orderId, placed.order.id));
    expect(payment?.status).toBe('refunded');

    // MercadoPago's own notification of the refund changes nothing more.
    const notified = await fake.notify(webhookUrl, placed.gatewayId, { secret: SECRET });
    expect(notified.status).toBe(200);
    expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({ status: 'returned' });
    const again = await shop.call(admin, 'POST', `/admin/orders/${placed.order.id}/refunds`, {});
    expect(again.statusCode).toBe(409);
  });

  it('keeps a refund MercadoPago did not answer pending, and finishes it with the same key', async () => {
    const placed = await paidOrder(1);
    const request = await receivedWithdrawal(placed, 1);
    const refund = () => shop.call(admin, 'POST', `/admin/returns/${request.id}/refund`, {});
    const keys = () =>
      new Set(refundCalls().map((call) => String(call.headers['x-idempotency-key'])));
    const before = keys();

    // MercadoPago makes the refund but its answer is lost on the way back.
    fake.failNext(1, 'timeout');
    const lost = await refund();
    expect(lost.statusCode).toBe(503);
    expect(lost.json<ErrorJson>().message).toBe(REFUND_MESSAGES.providerNoAnswer);
    expect(fake.refunds.get(placed.gatewayId)).toHaveLength(1);
    expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
      status: 'delivered',
      refunded_total: 0,
    });
    // Still on its way: nobody starts another one meanwhile.
    expect((await refund()).statusCode).toBe(409);
    expect(
      (await shop.call(admin, 'POST', `/admin/orders/${placed.order.id}/refunds`, {})).statusCode,
    ).toBe(409);

    later();
    const finished = await refund();
    expect(finished.statusCode, finished.body).toBe(200);
    // The same key twice: MercadoPago answered the refund it had made, and made no other.
    const used = [...keys()].filter((key) => !before.has(key));
    expect(used).toHaveLength(1);
    expect(fake.refunds.get(placed.gatewayId)).toHaveLength(1);
    const rows = await ctx.database.db
      .select({ status: refunds.status, providerRefundId: refunds.providerRefundId })
      .from(refunds)
      .where(eq(refunds.orderId, placed.order.id));
    expect(rows).toEqual([
      { status: 'completed', providerRefundId: String(fake.refunds.get(placed.gatewayId)![0]!.id) },
    ]);
    // The whole order came back: freight included, status Devolvido.
    expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
      status: 'returned',
      refunded_total: placed.order.total,
    });
  });

  it('records a refund MercadoPago refused as failed and lets the shop try again', async () => {
    const placed = await paidOrder(1);
    const request = await receivedWithdrawal(placed, 1);
    fake.respondNextWith(400, { message: 'insufficient balance', error: 'bad_request' });
    const refused = await shop.call(admin, 'POST', `/admin/returns/${request.id}/refund`, {});
    expect(refused.statusCode).toBe(503);
    expect(refused.json<ErrorJson>().message).toBe(REFUND_MESSAGES.providerFailed);

    const retried = await shop.call(admin, 'POST', `/admin/returns/${request.id}/refund`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(fake.refunds.get(placed.gatewayId)).toHaveLength(1);
    const rows = await ctx.database.db
      .select({ status: refunds.status })
      .from(refunds)
      .where(eq(refunds.orderId, placed.order.id));
    expect(rows.map((row) => row.status)).toEqual(['failed', 'completed']);
  });

  it('cancels an order not yet shipped and refunds it at MercadoPago at once', async () => {
    const placed = await paidOrder(1, { deliver: false });
    const stock = await shop.variantStock(placed.ring.eight);
    const created = await shop.call(placed.buyer, 'POST', `/orders/${placed.order.id}/returns`, {
      return: {
        type: 'withdrawal',
        items: [{ order_item_id: placed.order.items[0]!.id, quantity: 1 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<CreateReturnResponse>()).toMatchObject({
      cancelled: true,
      return: { status: 'refunded', refunded_amount: placed.order.total },
    });
    expect(fake.payments.get(placed.gatewayId)?.status).toBe('refunded');
    expect(await shop.variantStock(placed.ring.eight)).toBe(stock + 1);
    expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      refunded_total: placed.order.total,
    });
  });
});
