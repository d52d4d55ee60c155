import type { AdminOrderDetail } from '@lumina/shared/admin/admin-orders';
import { formatBRL } from '@lumina/shared/format/money';
import { ORDER_STATUS_LABELS } from '@lumina/shared/orders/order-status';
import type {
  AdminReturnActionResponse,
  AdminReturnListResponse,
  CreateReturnResponse,
  MyReturnsResponse,
} from '@lumina/shared/returns/return-schemas';
import { REFUND_MESSAGES, RETURN_MESSAGES } from '@lumina/shared/returns/return-schemas';
import { calendarDateOf } from '@lumina/shared/validation/calendar-date';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderEvents } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { refunds } from '../../db/schema/refunds.ts';
import type { UserRow } from '../../db/schema/users.ts';
import {
  startTestSmtpServer,
  subjectsTo,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import { returnsFixture, type ReturnsFixture, TRACKING } from '../../test/returns.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createUser } from '../../test/user-builder.ts';
import { ORDER_MAIL_SUBJECTS } from '../orders/order-mails.ts';
import { REFUND_MAIL_SUBJECT } from '../payments/refund-mail.ts';
import { RETURN_MAIL_SUBJECTS } from './return-mails.ts';

/** A valid end-to-end id of a PIX devolução: D, ISPB, yyyyMMddHHmm, 11 characters. */
const E2E = (n: number) => `D18236120202611261530${String(n).padStart(11, 'a').slice(-11)}`;

let ctx: TestContext;
let smtp: TestSmtpServer;
let shop: ReturnsFixture;
let admin: UserRow;
let clock = new Date();

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({
    env: { SMTP_URL: smtp.url, APP_URL: 'http://loja.test', PAYMENTS_SANDBOX: 'true' },
    now: () => clock,
  });
  shop = returnsFixture(ctx.app, ctx.database);
  admin = await createUser(ctx.database, { role: 'admin', email: 'dona.devolucoes@loja.test' });
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

beforeEach(() => {
  clock = new Date();
});

/** 'YYYY-MM-DD' of the São Paulo day `days` after the one `instant` falls on. */
function saoPauloDay(instant: Date, days: number): string {
  const { year, month, day } = calendarDateOf(instant);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

type Line = { productId: number; variantId: number; quantity: number };

/** An order paid (built-in PIX confirmed by the shop), shipped and, unless told, delivered. */
async function order(lines: Line[], options: { deliver?: boolean; ship?: boolean } = {}) {
  const placed = await shop.placed(lines);
  await shop.adminAct(admin, placed.order.id, 'confirm_payment');
  if (options.ship !== false)
    await shop.adminAct(admin, placed.order.id, 'ship', { tracking_code: TRACKING });
  if (options.ship !== false && options.deliver !== false) {
    await shop.adminAct(admin, placed.order.id, 'deliver');
  }
  return { ...placed, order: await shop.orderOf(placed.buyer, placed.order.id) };
}

function ask(
  buyer: UserRow,
  orderId: number,
  body: { type: string; items: object[]; reason?: string },
) {
  return shop.call(buyer, 'POST', `/orders/${orderId}/returns`, { return: body });
}

async function asked(buyer: UserRow, orderId: number, body: Parameters<typeof ask>[2]) {
  const response = await ask(buyer, orderId, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreateReturnResponse>();
}

async function adminReturn(id: number, action: string, payload?: object, status = 200) {
  const response = await shop.call(admin, 'POST', `/admin/returns/${id}/${action}`, payload);
  expect(response.statusCode, `${action}: ${response.body}`).toBe(status);
  return response;
}

const instructions = { instructions: { kind: 'authorization_code', code: 'AUT-123456' } };

describe('asking for a withdrawal or an exchange', () => {
  it('takes requests until 23:59 of the 7th day after delivery in São Paulo, not on the 8th', async () => {
    const ring = await shop.ring();
    const placed = await order([{ productId: ring.productId, variantId: ring.eight, quantity: 2 }]);
    const deliveredAt = new Date(placed.order.delivered_at!);
    const item = placed.order.items[0]!;

    clock = new Date(`${saoPauloDay(deliveredAt, 7)}T23:59:59-03:00`);
    const inTime = await asked(placed.buyer, placed.order.id, {
      type: 'withdrawal',
      items: [{ order_item_id: item.id, quantity: 1 }],
      reason: 'Não serviu',
    });
    expect(inTime.return).toMatchObject({
      status: 'requested',
      type: 'withdrawal',
      reason: 'Não serviu',
      order_number: placed.order.order_number,
    });
    expect(inTime.return.protocol).toMatch(/^DEV-\d{4}-\d{6}$/);
    expect(inTime.message).toBe(RETURN_MESSAGES.acknowledged(inTime.return.protocol));
    // The shop answers within five days.
    expect(new Date(inTime.return.answer_by).getTime() - clock.getTime()).toBe(5 * 86_400_000);

    clock = new Date(`${saoPauloDay(deliveredAt, 8)}T00:00:00-03:00`);
    const late = await ask(placed.buyer, placed.order.id, {
      type: 'withdrawal',
      items: [{ order_item_id: item.id, quantity: 1 }],
    });
    expect(late.statusCode).toBe(409);
    const lastDay = saoPauloDay(deliveredAt, 7).split('-').reverse().join('/');
    expect(late.json<ErrorJson>()).toMatchObject({
      code: 'return_deadline_passed',
      message: RETURN_MESSAGES.deadlinePassed(lastDay),
    });
  });

  it("answers 404 for someone else's order, as every order path does", async () => {
    const ring = await shop.ring();
    const placed = await order([{ productId: ring.productId, variantId: ring.eight, quantity: 1 }]);
    const stranger = await createUser(ctx.database);
    const body = {
      type: 'withdrawal',
      items: [{ order_item_id: placed.order.items[0]!.id, quantity: 1 }],
    };
    for (const id of [String(placed.order.id), '999999', 'abc']) {
      const response = await shop.call(stranger, 'POST', `/orders/${id}/returns`, { return: body });
      expect(response.statusCode, id).toBe(404);
    }
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.order.id}/returns`,
      payload: { return: body },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses more units than bought, units already asked for, unknown items and bad bodies', async () => {
    const ring = await shop.ring();
    const placed = await order([{ productId: ring.productId, variantId: ring.eight, quantity: 2 }]);
    const item = placed.order.items[0]!;
    const withdraw = (quantity: number, orderItemId = item.id) =>
      ask(placed.buyer, placed.order.id, {
        type: 'withdrawal',
        items: [{ order_item_id: orderItemId, quantity }],
      });

    const tooMany = await withdraw(3);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json<ErrorJson>().message).toBe(RETURN_MESSAGES.tooMany(item.product_name, 2));
    expect((await withdraw(1, 999_999)).json<ErrorJson>().message).toBe(
      RETURN_MESSAGES.unknownItem,
    );
    const zero = await withdraw(0);
    expect(zero.statusCode).toBe(422);
    expect(zero.json<ErrorJson>().message).toBe(RETURN_MESSAGES.quantity);
    const noType = await ask(placed.buyer, placed.order.id, { type: 'refund', items: [] });
    expect(noType.statusCode).toBe(422);

    expect((await withdraw(2)).statusCode).toBe(201);
    // The same units a second time.
    const twice = await withdraw(1);
    expect(twice.statusCode).toBe(422);
    expect(twice.json<ErrorJson>()).toMatchObject({
      code: 'too_many_units',
      message: RETURN_MESSAGES.tooMany(item.product_name, 0),
    });
  });

  it('exchanges only for another active variant of the same product', async () => {
    const ring = await shop.ring();
    const other = await shop.ring();
    const placed = await order([{ productId: ring.productId, variantId: ring.eight, quantity: 1 }]);
    const item = placed.order.items[0]!;
    const exchange = (variantId: number | undefined) =>
      ask(placed.buyer, placed.order.id, {
        type: 'exchange',
        items: [{ order_item_id: item.id, quantity: 1, exchange_variant_id: variantId }],
      });
    for (const [variantId, message] of [
      [other.ten, RETURN_MESSAGES.exchangeVariantInvalid],
      [ring.eight, RETURN_MESSAGES.exchangeVariantInvalid],
      [999_999, RETURN_MESSAGES.exchangeVariantInvalid],
      [undefined, RETURN_MESSAGES.exchangeVariantRequired],
    ] as const) {
      const response = await exchange(variantId);
      expect(response.statusCode, String(variantId)).toBe(422);
      expect(response.json<ErrorJson>().message).toBe(message);
    }
    const created = await exchange(ring.ten);
    expect(created.statusCode).toBe(201);
    expect(created.json<CreateReturnResponse>().return.items[0]).toMatchObject({
      exchange_variant_id: ring.ten,
      exchange_option_values: { Diâmetro: '10 mm' },
    });
  });

  it('exchanges only for a variant at the unit price paid, else 422 on the variant field', async () => {
    // The piece was paid R$ 90 (its PIX price); 12 mm costs R$ 114 by PIX (R$ 120 less 5%).
    const dearer = await shop.ring();
    const cheaper = await shop.ring(5, { price_cents: 9000, pix_price_cents: 8000 });
    // A list price of its own, but the same R$ 90 by PIX: what counts is what is charged.
    const same = await shop.ring(5, { price_cents: 12000, pix_price_cents: 9000 });
    const placed = await order(
      [dearer, cheaper, same].map((ring) => ({
        productId: ring.productId,
        variantId: ring.eight,
        quantity: 1,
      })),
    );
    expect(placed.order.items.map((item) => item.unit_price_cents)).toEqual([9000, 9000, 9000]);
    const exchange = (index: number, variantId: number) =>
      ask(placed.buyer, placed.order.id, {
        type: 'exchange',
        items: [
          {
            order_item_id: placed.order.items[index]!.id,
            quantity: 1,
            exchange_variant_id: variantId,
          },
        ],
      });

    for (const [index, ring] of [dearer, cheaper].entries()) {
      const refused = await exchange(index, ring.twelve);
      expect(refused.statusCode).toBe(422);
      expect(refused.json<ErrorJson>()).toMatchObject({
        code: 'exchange_price_differs',
        message: RETURN_MESSAGES.exchangePriceDiffers,
        fields: { 'return.items.exchange_variant_id': [RETURN_MESSAGES.exchangePriceDiffers] },
      });
    }
    expect((await exchange(2, same.twelve)).statusCode).toBe(201);

    // A price changed since the purchase: the piece was paid R$ 90, 10 mm now costs R$ 95.
    await ctx.database.db
      .update(products)
      .set({ pixPriceCents: 9500 })
      .where(eq(products.id, dearer.productId));
    const raised = await exchange(0, dearer.ten);
    expect(raised.json<ErrorJson>().code).toBe('exchange_price_differs');
    expect((await exchange(1, cheaper.ten)).statusCode).toBe(201);
  });
});

describe('a withdrawal paid with the built-in PIX, part by part', () => {
  it('sends instructions, restocks only resellable pieces, refunds with the E2E id, Devolvido', async () => {
    const ring = await shop.ring();
    const bar = await shop.ring();
    const placed = await order([
      { productId: ring.productId, variantId: ring.eight, quantity: 2 },
      { productId: bar.productId, variantId: bar.eight, quantity: 1 },
    ]);
    const [ringItem, barItem] = placed.order.items as [
      (typeof placed.order.items)[number],
      (typeof placed.order.items)[number],
    ];
    const first = await asked(placed.buyer, placed.order.id, {
      type: 'withdrawal',
      items: [{ order_item_id: ringItem.id, quantity: 1 }],
    });
    const id = first.return.id;

    // The queue: five days to answer, filtered by status; admins only.
    const queue = await shop.call(admin, 'GET', '/admin/returns?status=requested&per_page=100');
    const row = queue.json<AdminReturnListResponse>().returns.find((entry) => entry.id === id);
    expect(row).toMatchObject({
      days_left: 5,
      overdue: false,
      customer_email: placed.email,
      available_actions: ['instructions', 'receive', 'reject'],
    });
    expect((await shop.call(placed.buyer, 'GET', '/admin/returns')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/returns' })).statusCode).toBe(
      401,
    );

    // Refunding before the pieces arrive is refused.
    await adminReturn(id, 'refund', { e2e_id: E2E(1) }, 409);
    const badInstructions = await adminReturn(
      id,
      'instructions',
      { instructions: { kind: 'authorization_code' } },
      422,
    );
    expect(badInstructions.json<ErrorJson>().message).toBe(RETURN_MESSAGES.instructionsCode);
    const sent = (
      await adminReturn(id, 'instructions', instructions)
    ).json<AdminReturnActionResponse>();
    expect(sent.return).toMatchObject({
      status: 'instructions_sent',
      instructions: { kind: 'authorization_code', code: 'AUT-123456', address: null },
      steps: { instructions_sent: { admin_id: admin.id } },
      days_left: null,
    });

    const before = await shop.variantStock(ring.eight);
    const received = await adminReturn(id, 'receive', {
      items: [{ return_item_id: sent.return.items[0]!.id, resellable: true }],
    });
    expect(received.json<AdminReturnActionResponse>().return).toMatchObject({
      status: 'received',
      items: [{ resellable: true }],
      suggested_refund: ringItem.price,
      payment_provider: 'pix_builtin',
    });
    expect(await shop.variantStock(ring.eight)).toBe(before + 1);

    // The built-in PIX: the shop returns the money from its bank and records its E2E id.
    const noE2e = await adminReturn(id, 'refund', {}, 422);
    expect(noE2e.json<ErrorJson>().message).toBe(REFUND_MESSAGES.e2eRequired);
    for (const bad of ['E123', `X${E2E(1).slice(1)}`, `${E2E(1)}9`]) {
      const response = await adminReturn(id, 'refund', { e2e_id: bad }, 422);
      expect(response.json<ErrorJson>().message).toBe(REFUND_MESSAGES.e2eInvalid);
    }
    const tooMuch = await adminReturn(
      id,
      'refund',
      { e2e_id: E2E(1), amount: placed.order.total + 1 },
      422,
    );
    expect(tooMuch.json<ErrorJson>().message).toBe(
      REFUND_MESSAGES.tooLarge(formatBRL(placed.order.total_cents)),
    );
    const refunded = (
      await adminReturn(id, 'refund', { e2e_id: E2E(1) })
    ).json<AdminReturnActionResponse>();
    expect(refunded.return).toMatchObject({ status: 'refunded', refunded_amount: ringItem.price });

    let current = await shop.orderOf(placed.buyer, placed.order.id);
    expect(current).toMatchObject({
      status: 'partially_returned',
      refunded_total: ringItem.price,
      refunds: [{ amount: ringItem.price, method: 'pix_manual', return_id: id }],
    });
    expect(ORDER_STATUS_LABELS[current.status]).toBe('Devolvido parcialmente');

    // The rest of the order: one piece damaged (not back on sale), the other resellable.
    const second = await asked(placed.buyer, placed.order.id, {
      type: 'withdrawal',
      items: [
        { order_item_id: ringItem.id, quantity: 1 },
        { order_item_id: barItem.id, quantity: 1 },
      ],
    });
    const [ringBack, barBack] = second.return.items.map((item) => ({ id: item.id })) as [
      { id: number },
      { id: number },
    ];
    const ringStock = await shop.variantStock(ring.eight);
    const barStock = await shop.variantStock(bar.eight);
    await adminReturn(
      second.return.id,
      'receive',
      { items: [{ return_item_id: ringBack.id, resellable: false }] },
      422,
    );
    await adminReturn(second.return.id, 'receive', {
      items: [
        { return_item_id: ringBack.id, resellable: false },
        { return_item_id: barBack.id, resellable: true },
      ],
    });
    expect(await shop.variantStock(ring.eight)).toBe(ringStock);
    expect(await shop.variantStock(bar.eight)).toBe(barStock + 1);

    const used = await adminReturn(second.return.id, 'refund', { e2e_id: E2E(1) }, 409);
    expect(used.json<ErrorJson>().message).toBe(REFUND_MESSAGES.e2eUsed);
    // The whole order came back: everything paid, freight included.
    const last = (
      await adminReturn(second.return.id, 'refund', { e2e_id: E2E(2) })
    ).json<AdminReturnActionResponse>();
    const rest = Math.round((placed.order.total - ringItem.price) * 100) / 100;
    expect(last.return.refunded_amount).toBe(rest);
    current = await shop.orderOf(placed.buyer, placed.order.id);
    expect(current).toMatchObject({
      status: 'returned',
      payment_status: 'refunded',
      refunded_total: placed.order.total,
    });
    expect(ORDER_STATUS_LABELS[current.status]).toBe('Devolvido');

    // The admin's order detail: refunds with their E2E ids and who made them, every step.
    const detail = (
      await shop.call(admin, 'GET', `/admin/orders/${placed.order.id}`)
    ).json<AdminOrderDetail>();
    expect(detail.refunds.map((refund) => [refund.e2e_id, refund.admin_name])).toEqual([
      [E2E(1), admin.name],
      [E2E(2), admin.name],
    ]);
    expect(detail.refundable).toBe(0);
    const steps = await ctx.database.db
      .select({ action: orderEvents.action })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, placed.order.id));
    expect(steps.map((step) => step.action)).toEqual([
      'confirm_payment',
      'ship',
      'deliver',
      'withdrawal_requested',
      'return_instructions_sent',
      'return_received',
      'refund',
      'return_refunded',
      'withdrawal_requested',
      'return_received',
      'refund',
      'return_refunded',
    ]);

    await ctx.app.outbox.drain();
    const subjects = subjectsTo(smtp, placed.email);
    const number = placed.order.order_number;
    expect(subjects).toEqual(
      expect.arrayContaining([
        RETURN_MAIL_SUBJECTS.requested(first.return.protocol, number),
        RETURN_MAIL_SUBJECTS.instructions(first.return.protocol),
        RETURN_MAIL_SUBJECTS.received(first.return.protocol),
        RETURN_MAIL_SUBJECTS.requested(second.return.protocol, number),
        RETURN_MAIL_SUBJECTS.received(second.return.protocol),
      ]),
    );
    expect(subjects.filter((subject) => subject === REFUND_MAIL_SUBJECT(number))).toHaveLength(2);
    const acknowledgement = smtp.received.find(
      (mail) => mail.subject === RETURN_MAIL_SUBJECTS.requested(first.return.protocol, number),
    );
    expect(acknowledgement?.text).toContain(first.return.protocol);
    // It leads to the order's own page, where the request is followed.
    expect(acknowledgement?.text).toContain(
      `http://loja.test/minha-conta/pedidos/${placed.order.id}`,
    );
    expect(
      smtp.received.find(
        (mail) => mail.subject === RETURN_MAIL_SUBJECTS.instructions(first.return.protocol),
      )?.text,
    ).toContain('AUT-123456');
  });

  it('cancels a paid order not yet shipped, its stock back; the shop records the PIX devolução', async () => {
    const ring = await shop.ring();
    const placed = await order(
      [{ productId: ring.productId, variantId: ring.eight, quantity: 2 }],
      {
        ship: false,
      },
    );
    const stock = await shop.variantStock(ring.eight);
    const exchange = await ask(placed.buyer, placed.order.id, {
      type: 'exchange',
      items: [
        { order_item_id: placed.order.items[0]!.id, quantity: 1, exchange_variant_id: ring.ten },
      ],
    });
    expect(exchange.statusCode).toBe(409);
    const cancelled = await asked(placed.buyer, placed.order.id, {
      type: 'withdrawal',
      items: [{ order_item_id: placed.order.items[0]!.id, quantity: 1 }],
    });
    expect(cancelled).toMatchObject({
      cancelled: true,
      return: { status: 'received', items: [{ quantity: 2 }] },
    });
    expect(await shop.variantStock(ring.eight)).toBe(stock + 2);
    expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
      status: 'cancelled',
    });

    await adminReturn(cancelled.return.id, 'refund', { e2e_id: E2E(3) });
    const detail = (
      await shop.call(admin, 'GET', `/admin/orders/${placed.order.id}`)
    ).json<AdminOrderDetail>();
    expect(detail.order).toMatchObject({
      status: 'cancelled',
      refund_status: 'refunded',
      payment_status: 'refunded',
      refunded_total: placed.order.total,
    });
    // Stock went back once, with the cancel.
    expect(await shop.variantStock(ring.eight)).toBe(stock + 2);
    await ctx.app.outbox.drain();
    const subjects = subjectsTo(smtp, placed.email);
    expect(subjects).toContain(
      RETURN_MAIL_SUBJECTS.cancelled(cancelled.return.protocol, placed.order.order_number),
    );
    // The acknowledgement says it all; no 'cancelled by the shop' e-mail besides.
    expect(subjects).not.toContain(ORDER_MAIL_SUBJECTS.cancelled(placed.order.order_number));
    expect(subjects).toContain(REFUND_MAIL_SUBJECT(placed.order.order_number));
  });

  it('a refused request frees its units; the admin can refund part of an order without goods', async () => {
    const ring = await shop.ring();
    const placed = await order([{ productId: ring.productId, variantId: ring.eight, quantity: 1 }]);
    const item = placed.order.items[0]!;
    const body = { type: 'withdrawal', items: [{ order_item_id: item.id, quantity: 1 }] };
    const first = await asked(placed.buyer, placed.order.id, body);
    await adminReturn(first.return.id, 'reject', { reason: 'x' }, 422);
    const rejected = (
      await adminReturn(first.return.id, 'reject', { reason: 'Peça usada' })
    ).json<AdminReturnActionResponse>();
    expect(rejected.return).toMatchObject({ status: 'rejected', rejection_reason: 'Peça usada' });
    await adminReturn(first.return.id, 'receive', { items: [] }, 422);
    expect((await ask(placed.buyer, placed.order.id, body)).statusCode).toBe(201);

    const refund = (payload: object) =>
      shop.call(admin, 'POST', `/admin/orders/${placed.order.id}/refunds`, payload);
    expect((await refund({ amount: placed.order.total + 0.01, e2e_id: E2E(4) })).statusCode).toBe(
      422,
    );
    const partial = await refund({ amount: 10, e2e_id: E2E(4), reason: 'Brinde que faltou' });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({ refunded_total: 10, order_status: 'delivered' });

    const mine = (await shop.call(placed.buyer, 'GET', '/my_returns')).json<MyReturnsResponse>();
    expect(mine.returns.map((entry) => entry.status)).toEqual(['requested', 'rejected']);
    const rows = await ctx.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, placed.order.id));
    expect(rows).toMatchObject([{ amountCents: 1000, e2eId: E2E(4), reason: 'Brinde que faltou' }]);
  });
});

describe('an exchange', () => {
  it('ships the other variant once received, reserving it once, with a valid tracking code', async () => {
    const ring = await shop.ring();
    const placed = await order([{ productId: ring.productId, variantId: ring.eight, quantity: 1 }]);
    const created = await asked(placed.buyer, placed.order.id, {
      type: 'exchange',
      items: [
        { order_item_id: placed.order.items[0]!.id, quantity: 1, exchange_variant_id: ring.ten },
      ],
    });
    const id = created.return.id;
    await adminReturn(id, 'ship_exchange', { tracking_code: TRACKING }, 409);
    const [eight, ten] = [await shop.variantStock(ring.eight), await shop.variantStock(ring.ten)];
    await adminReturn(id, 'receive', {
      items: [{ return_item_id: created.return.items[0]!.id, resellable: true }],
    });
    await adminReturn(id, 'refund', { e2e_id: E2E(5) }, 409);
    const invalid = await adminReturn(id, 'ship_exchange', { tracking_code: 'AA000000000BR' }, 422);
    expect(invalid.json<ErrorJson>().message).toContain('Código de rastreio inválido');
    const shipped = (
      await adminReturn(id, 'ship_exchange', { tracking_code: 'aa 473 124 829 br' })
    ).json<AdminReturnActionResponse>();
    expect(shipped.return).toMatchObject({
      status: 'exchanged',
      exchange_tracking_code: TRACKING,
      steps: { exchanged: { admin_id: admin.id } },
    });
    expect([await shop.variantStock(ring.eight), await shop.variantStock(ring.ten)]).toEqual([
      eight + 1,
      ten - 1,
    ]);
    await adminReturn(id, 'ship_exchange', { tracking_code: TRACKING }, 409);
    expect(await shop.variantStock(ring.ten)).toBe(ten - 1);

    await ctx.app.outbox.drain();
    const mail = smtp.received.find(
      (entry) => entry.subject === RETURN_MAIL_SUBJECTS.exchanged(created.return.protocol),
    );
    expect(mail?.text).toContain(TRACKING);
  });
});
