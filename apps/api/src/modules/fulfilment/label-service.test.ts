// Buying labels through the admin API against Melhor Envio in memory (at the LabelProvider port):
// one purchase however many clicks, each step recorded and resumed after a failure, a lost cart
// answer found again by its tag, the order shipped with the label's code (and the shopper told),
// cancellation before the carrier has the parcel, printing and the bulk purchase.
import type { LabelJson } from '@lumina/shared/fulfilment/fulfilment-json';
import { FULFILMENT_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invoices, shippingLabels } from '../../db/schema/fulfilment.ts';
import { orderEvents, orders } from '../../db/schema/orders.ts';
import { LIFECYCLE_MESSAGES } from '../orders/lifecycle.ts';
import { AUTH_MESSAGES } from '../auth/authenticate.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';
import { LABEL_TEXTS } from './label-texts.ts';
import {
  BUYER_CPF,
  createMemoryMelhorEnvio,
  labelFixture,
  labelTestEnv,
  type MemoryMelhorEnvio,
  testAdapter,
} from './label-test-kit.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'lumina-labels-'));
let me: MemoryMelhorEnvio;
let ctx: TestContext;
let fixture: ReturnType<typeof labelFixture>;
let admin: Record<string, string>;

beforeAll(async () => {
  me = createMemoryMelhorEnvio();
  ctx = await createTestContext({
    env: labelTestEnv(dataDir),
    melhorEnvio: testAdapter(() => me),
  });
  fixture = labelFixture(ctx.app, ctx.database);
  admin = (await fixture.admin()).headers;
  await fixture.storeSettings(admin);
});

afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  me = createMemoryMelhorEnvio();
});

function buy(orderId: number, headers = admin) {
  return ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/label`, headers });
}

async function bought(orderId: number): Promise<LabelJson> {
  const response = await buy(orderId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ label: LabelJson }>().label;
}

async function failed(orderId: number, status: number, message: string) {
  const response = await buy(orderId);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<ErrorJson>().message).toBe(message);
}

async function labelRow(orderId: number) {
  const [row] = await ctx.database.db
    .select()
    .from(shippingLabels)
    .where(eq(shippingLabels.orderId, orderId))
    .orderBy(sql`${shippingLabels.id} desc`);
  return row;
}

async function orderRow(orderId: number) {
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The order's history: each step, the statuses around it and the details the test names. */
async function historyOf(orderId: number) {
  const rows = await ctx.database.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.id);
  return rows
    .filter((row) => row.action !== 'confirm_payment' && !row.action.startsWith('payment_'))
    .map((row) => [
      row.action,
      row.fromStatus,
      row.toStatus,
      Object.fromEntries(
        ['tracking_code', 'price_cents', 'service_id']
          .filter((key) => key in row.details)
          .map((key) => [key, row.details[key]]),
      ),
    ]);
}

describe('buying a label', () => {
  it('goes cart, checkout, generate, ships the order with the code and tells the shopper', async () => {
    const order = await fixture.order(admin, { method: 'sedex' });
    const label = await bought(order.id);
    expect(label).toMatchObject({
      state: 'generated',
      service: 'SEDEX',
      price: 23.9,
      last_error: null,
      can_cancel: true,
      can_print: true,
    });
    expect(label.tracking_code).toMatch(/^ME\d{9}BR$/);
    expect(me.calls).toMatchObject({ addToCart: 1, checkout: 1, generate: 1 });
    expect(me.balanceCents).toBe(100_000 - 2_390);

    const [request] = me.byTag(order.order_number).map((entry) => entry.request);
    expect(request).toMatchObject({
      orderNumber: order.order_number,
      serviceId: 2,
      from: {
        name: 'Ateliê Aurora',
        document: '11222333000181',
        email: 'sac@aurora.example',
        address: { zipCode: '30130010', city: 'Belo Horizonte', state: 'MG' },
      },
      to: {
        name: 'Ana Souza',
        document: BUYER_CPF.replace(/\D/g, ''),
        address: { zipCode: '01310100', street: 'Rua Augusta', number: '1500' },
      },
      // Two 30 g units (the variant's weight) in one box of the shipping module's rules.
      volume: { weightGrams: 60, lengthCm: 16, widthCm: 11 },
      invoiceKey: null,
    });
    expect(request?.products).toEqual([
      {
        name: expect.stringContaining('(Diâmetro: 8 mm)') as string,
        quantity: 2,
        unitaryValueCents: 9_000,
      },
    ]);
    expect(request?.insuranceValueCents).toBe(18_000);
    // The token pasted from the panel is what the adapter was handed.
    expect(me.tokensSeen).toContain('token-colado-do-painel');

    const shipped = await orderRow(order.id);
    expect(shipped).toMatchObject({ status: 'shipped', trackingCode: label.tracking_code });
    const mails = await ctx.app.outbox.ofOrder(order.id);
    expect(mails.map((mail) => mail.kind)).toContain('order_shipped');
    expect(mails.find((mail) => mail.kind === 'order_shipped')?.textBody).toContain(
      label.tracking_code ?? '',
    );
  });

  it("sends the authorised NF-e's key instead of a content declaration", async () => {
    const order = await fixture.order(admin);
    const accessKey = '35261111222333000181550010000012341000012345';
    await ctx.database.db.insert(invoices).values({
      orderId: order.id,
      state: 'authorised',
      accessKey,
      providerInvoiceId: `nfe-${order.id}`,
    });
    await bought(order.id);
    expect(me.byTag(order.order_number)[0]?.request.invoiceKey).toBe(accessKey);
    expect((await labelRow(order.id))?.invoiceKey).toBe(accessKey);
  });

  it('buys one label however many clicks arrive at once', async () => {
    const order = await fixture.order(admin);
    const release = me.hold('addToCart');
    const first = buy(order.id);
    const second = buy(order.id);
    const third = buy(order.id);
    await expect.poll(() => me.calls.addToCart).toBe(1);
    release();
    const answers = await Promise.all([first, second, third]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const ids = new Set(answers.map((answer) => answer.json<{ label: LabelJson }>().label.id));
    expect(ids.size).toBe(1);
    expect(me.calls.addToCart).toBe(1);
    expect(me.byTag(order.order_number)).toHaveLength(1);
    expect((await bought(order.id)).state).toBe('generated');
    expect(me.calls).toMatchObject({ addToCart: 1, checkout: 1 });
  });

  it.each([
    ['addToCart', 'claimed'],
    ['checkout', 'carted'],
    ['generate', 'paid'],
  ] as const)('resumes after %s failed, keeping the state reached (%s)', async (method, state) => {
    const order = await fixture.order(admin);
    me.failNext(method, 'unavailable');
    await failed(order.id, 503, FULFILMENT_MESSAGES.melhorEnvioDown);
    expect(await labelRow(order.id)).toMatchObject({
      state,
      uncertain: false,
      lastError: FULFILMENT_MESSAGES.melhorEnvioDown,
    });
    // Not moved until the label exists.
    expect((await orderRow(order.id))?.status).toBe('processing');

    const label = await bought(order.id);
    expect(label).toMatchObject({ state: 'generated', last_error: null });
    expect(me.byTag(order.order_number)).toHaveLength(1);
    expect(me.balanceCents).toBe(100_000 - 2_390);
    expect((await orderRow(order.id))?.status).toBe('shipped');
  });

  it('looks for an unanswered cart call by its tag before adding again', async () => {
    const order = await fixture.order(admin);
    me.failNext('addToCart', 'unavailable', { answered: false, applied: true });
    await failed(order.id, 503, FULFILMENT_MESSAGES.melhorEnvioDown);
    const row = await labelRow(order.id);
    expect(row).toMatchObject({ state: 'claimed', uncertain: true, providerOrderId: null });

    const label = await bought(order.id);
    expect(label.state).toBe('generated');
    expect(me.calls).toMatchObject({ findByTag: 1, addToCart: 1 });
    expect(me.byTag(order.order_number)).toHaveLength(1);
  });

  it('adds again when the unanswered cart call left nothing there', async () => {
    const order = await fixture.order(admin);
    me.failNext('addToCart', 'unavailable', { answered: false });
    await failed(order.id, 503, FULFILMENT_MESSAGES.melhorEnvioDown);
    expect((await bought(order.id)).state).toBe('generated');
    expect(me.calls).toMatchObject({ findByTag: 1, addToCart: 2 });
    expect(me.byTag(order.order_number)).toHaveLength(1);
  });

  it('reads the status of an unanswered checkout instead of paying twice', async () => {
    const order = await fixture.order(admin);
    me.failNext('checkout', 'unavailable', { answered: false, applied: true });
    await failed(order.id, 503, FULFILMENT_MESSAGES.melhorEnvioDown);
    expect(await labelRow(order.id)).toMatchObject({ state: 'carted', uncertain: true });
    expect((await bought(order.id)).state).toBe('generated');
    expect(me.calls.checkout).toBe(1);
    expect(me.balanceCents).toBe(100_000 - 2_390);
  });

  it('stops at an empty wallet with what to do, and goes on once it is topped up', async () => {
    const order = await fixture.order(admin);
    me.balanceCents = 1_000;
    await failed(order.id, 409, FULFILMENT_MESSAGES.insufficientBalance);
    expect(await labelRow(order.id)).toMatchObject({
      state: 'carted',
      lastError: FULFILMENT_MESSAGES.insufficientBalance,
    });
    me.balanceCents = 50_000;
    expect((await bought(order.id)).state).toBe('generated');
  });

  it("answers Melhor Envio's refusal and a refused token in pt-BR, never as a 5xx", async () => {
    const order = await fixture.order(admin);
    me.failNext('addToCart', 'refused', { message: 'CEP de destino não atendido' });
    await failed(
      order.id,
      422,
      FULFILMENT_MESSAGES.melhorEnvioRefused('CEP de destino não atendido'),
    );
    me.failNext('addToCart', 'auth');
    await failed(order.id, 409, FULFILMENT_MESSAGES.melhorEnvioAuth);
    me.failNext('addToCart', 'shape', { message: 'resposta ilegível' });
    await failed(order.id, 503, FULFILMENT_MESSAGES.melhorEnvioDown);
    expect(await labelRow(order.id)).toMatchObject({ state: 'claimed', uncertain: true });
  });

  it('refuses an order that is not paid, or a shop without its sender address', async () => {
    const unpaid = await fixture.order(admin, { paid: false });
    await failed(unpaid.id, 409, FULFILMENT_MESSAGES.notPaid);
    expect(await labelRow(unpaid.id)).toBeUndefined();

    const paid = await fixture.order(admin);
    await fixture.storeSettings(admin, { document: '' });
    try {
      await failed(paid.id, 409, LABEL_TEXTS.senderIncomplete);
      expect(me.calls.addToCart).toBe(0);
    } finally {
      await fixture.storeSettings(admin);
    }
    expect((await bought(paid.id)).state).toBe('generated');
  });

  it('records the lifecycle refusing to ship an order cancelled while its label was bought', async () => {
    const order = await fixture.order(admin);
    const release = me.hold('generate');
    const buying = buy(order.id);
    await expect.poll(() => me.calls.generate).toBe(1);
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/cancel`,
      headers: admin,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    release();
    const answer = await buying;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ label: LabelJson }>().label).toMatchObject({
      state: 'generated',
      last_error: LIFECYCLE_MESSAGES.shipClosed,
      can_cancel: true,
    });
    expect((await orderRow(order.id))?.status).toBe('cancelled');
  });
});

describe('cancelling, printing and buying in bulk', () => {
  function cancel(orderId: number) {
    return ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/label/cancel`,
      headers: admin,
    });
  }

  it('cancels before posting (the wallet is refunded), not after', async () => {
    const order = await fixture.order(admin);
    const label = await bought(order.id);
    const response = await cancel(order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ label: LabelJson }>().label).toMatchObject({
      id: label.id,
      state: 'canceled',
      can_cancel: false,
      can_print: false,
    });
    expect(me.balanceCents).toBe(100_000);
    // The order it had shipped waits for a new label, and gets one with a new code.
    expect(await orderRow(order.id)).toMatchObject({
      status: 'processing',
      trackingCode: null,
      shippedAt: null,
    });
    const replacement = await bought(order.id);
    expect(replacement.tracking_code).not.toBe(label.tracking_code);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'shipped',
      trackingCode: replacement.tracking_code,
    });
    expect(await historyOf(order.id)).toEqual([
      ['label_purchased', 'processing', 'processing', { price_cents: 2_390, service_id: 1 }],
      ['ship', 'processing', 'shipped', { tracking_code: label.tracking_code }],
      ['reopen_shipment', 'shipped', 'processing', { tracking_code: label.tracking_code }],
      ['label_purchased', 'processing', 'processing', { price_cents: 2_390, service_id: 1 }],
      ['ship', 'processing', 'shipped', { tracking_code: replacement.tracking_code }],
    ]);
    const shippedMails = (await ctx.app.outbox.ofOrder(order.id)).filter(
      (mail) => mail.kind === 'order_shipped',
    );
    expect(shippedMails.at(-1)?.textBody).toContain(replacement.tracking_code ?? '');

    const other = await fixture.order(admin);
    const posted = await bought(other.id);
    me.post([...me.labels.values()].find((entry) => entry.tag === other.order_number)!.id);
    await ctx.app.labels.tracking.pollOpenLabels();
    const refused = await cancel(other.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorJson>().message).toBe(FULFILMENT_MESSAGES.labelNotCancellable);
    expect((await labelRow(other.id))?.id).toBe(posted.id);
  });

  it('cancels a purchase stopped halfway without touching the order, then buys anew', async () => {
    const order = await fixture.order(admin);
    me.balanceCents = 0;
    await failed(order.id, 409, FULFILMENT_MESSAGES.insufficientBalance);
    const response = await cancel(order.id);
    expect(response.json<{ label: LabelJson }>().label.state).toBe('canceled');
    expect(me.calls.cancel).toBe(1);
    expect((await orderRow(order.id))?.status).toBe('processing');
    expect((await historyOf(order.id)).map(([action]) => action)).toEqual(['label_cancelled']);
    me.balanceCents = 10_000;
    const again = await bought(order.id);
    expect(again.state).toBe('generated');
    expect(
      me
        .byTag(order.order_number)
        .map((entry) => entry.status)
        .sort(),
    ).toEqual(['canceled', 'generated']);
  });

  it('answers 404 for an order without a label', async () => {
    const order = await fixture.order(admin);
    const response = await cancel(order.id);
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorJson>().message).toBe(LABEL_TEXTS.noLabel);
  });

  it('prints ready labels in one PDF, and names the orders that are not ready', async () => {
    const first = await fixture.order(admin);
    const second = await fixture.order(admin);
    await bought(first.id);
    await bought(second.id);
    const print = (orderIds: number[]) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/labels/print',
        headers: admin,
        payload: { order_ids: orderIds },
      });
    const ok = await print([first.id, second.id]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ url: string }>().url).toMatch(
      /^https:\/\/melhorenvio\.test\/imprimir\/.+\.pdf$/,
    );

    const third = await fixture.order(admin);
    const refused = await print([first.id, third.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorJson>().message).toBe(LABEL_TEXTS.notPrintable(third.order_number));
  });

  it('buys several orders, each answering its label or its reason', async () => {
    const paid = await fixture.order(admin);
    const unpaid = await fixture.order(admin, { paid: false });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/labels',
      headers: admin,
      payload: { order_ids: [paid.id, unpaid.id] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json<{
      results: { order_id: number; label?: LabelJson; error?: string }[];
    }>();
    expect(results).toEqual([
      { order_id: paid.id, label: expect.objectContaining({ state: 'generated' }) as object },
      { order_id: unpaid.id, error: FULFILMENT_MESSAGES.notPaid },
    ]);
  });

  it("puts the label and its tracking events in the order's fulfilment", async () => {
    const order = await fixture.order(admin);
    const label = await bought(order.id);
    const fulfilment = await ctx.app.labels.labels.fulfilmentOfOrder(order.id);
    expect(fulfilment).toEqual({ label, tracking_events: [] });
    const states = await ctx.app.labels.labels.labelStatesOf([order.id, 999_999]);
    expect([...states]).toEqual([[order.id, 'generated']]);
  });
});

describe('the routes', () => {
  it('answer 401 without a session and 403 to a customer, in pt-BR', async () => {
    const order = await fixture.order(admin);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/label`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<ErrorJson>().message).toBe(AUTH_MESSAGES.notAuthenticated);
    const customer = await createUser(ctx.database);
    const headers = bearerHeader((await signIn(ctx.app, customer)).access_token);
    for (const [method, url] of [
      ['POST', `/api/admin/orders/${order.id}/label`],
      ['GET', `/api/admin/orders/${order.id}/label/options`],
      ['POST', '/api/admin/labels/print'],
      ['GET', '/api/admin/fulfilment'],
      ['GET', '/api/melhorenvio/oauth/start'],
      ['DELETE', '/api/melhorenvio/connection'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers, payload: {} });
      expect(response.statusCode, url).toBe(403);
      expect(response.json<ErrorJson>().message).toBe(AUTH_MESSAGES.adminOnly);
    }
    expect(me.calls.addToCart).toBe(0);
  });

  it('answer 422 in pt-BR for a bad list of orders, 404 for an unknown order', async () => {
    for (const order_ids of [[], Array.from({ length: 51 }, (_, i) => i + 1), ['x']]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/labels',
        headers: admin,
        payload: { order_ids },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorJson>().message).toBe(LABEL_TEXTS.orderIds);
    }
    const unknown = await buy(987_654);
    expect(unknown.statusCode).toBe(404);
  });

  it("tell the owner how things stand: Melhor Envio's wallet and the NF-e side", async () => {
    const status = () => ctx.app.inject({ url: '/api/admin/fulfilment', headers: admin });
    // An unreadable wallet is said, and not kept: the next page asks Melhor Envio again.
    me.failNext('balanceCents', 'unavailable');
    expect((await status()).json()).toMatchObject({
      melhor_envio: { balance: null, balance_error: FULFILMENT_MESSAGES.melhorEnvioDown },
    });
    const response = await status();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      melhor_envio: {
        configured: true,
        connected: true,
        via: 'token',
        balance: 1000,
        balance_error: null,
      },
      invoices: { available: false, auto_invoice: false },
    });
    // A balance read is kept a while: the next page shows it without asking again.
    expect((await status()).json()).toMatchObject({ melhor_envio: { balance: 1000 } });
    expect(me.calls.balanceCents).toBe(2);
  });
});

describe('a shop without Melhor Envio (the offline default)', () => {
  let offline: TestContext;
  afterAll(async () => offline?.close());

  it('answers 409 with the way to connect, and the status says so', async () => {
    offline = await createTestContext();
    const offlineFixture = labelFixture(offline.app, offline.database);
    const owner = (await offlineFixture.admin()).headers;
    const order = await offlineFixture.order(owner);
    const response = await offline.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/label`,
      headers: owner,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorJson>().message).toBe(FULFILMENT_MESSAGES.notConnected);
    const options = await offline.app.inject({
      url: `/api/admin/orders/${order.id}/label/options`,
      headers: owner,
    });
    expect(options.statusCode).toBe(409);
    expect(options.json<ErrorJson>().message).toBe(FULFILMENT_MESSAGES.notConnected);
    const status = await offline.app.inject({ url: '/api/admin/fulfilment', headers: owner });
    expect(status.json()).toMatchObject({
      melhor_envio: { configured: false, connected: false, via: null, balance: null },
    });
    const start = await offline.app.inject({ url: '/api/melhorenvio/oauth/start', headers: owner });
    expect(start.statusCode).toBe(503);
    expect(start.json<ErrorJson>().message).toBe(LABEL_TEXTS.notConfigured);
    const webhook = await offline.app.inject({
      method: 'POST',
      url: '/api/webhooks/melhorenvio',
      headers: { 'content-type': 'application/json', 'x-me-signature': 'x' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(503);
  });
});
