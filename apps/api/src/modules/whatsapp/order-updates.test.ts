// Order updates by WhatsApp, driven over HTTP against the fake WhatsApp Cloud API: a shopper who
// opted in at checkout gets the four templates with the order's values; one who did not, or a
// shop without WhatsApp, gets nothing; a failed send is retried later and never blocks the order.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_UPDATE_TEMPLATES, WHATSAPP_TEXTS } from '@lumina/shared/whatsapp/order-updates';
import { formatBRL } from '@lumina/shared/format/money';
import { orders } from '../../db/schema/orders.ts';
import { eraseAccount } from '../privacy/erasure.ts';
import { whatsappConnection, whatsappMessages } from '../../db/schema/whatsapp.ts';
import {
  type FakeWhatsAppServer,
  startFakeWhatsApp,
} from '../../integrations/whatsapp/fake-whatsapp-server.ts';
import { addToCart, checkoutBody, payOrder, placeOrder, shopper } from '../../test/checkout.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

const TRACKING = 'AA473124829BR';

let fake: FakeWhatsAppServer;
let ctx: TestContext;
let clock = new Date('2026-11-27T12:00:00Z');
let adminHeaders: Record<string, string>;
let productId: number;

beforeAll(async () => {
  fake = await startFakeWhatsApp();
  ctx = await createTestContext({
    env: {
      WHATSAPP_API_URL: fake.url,
      WHATSAPP_ACCESS_TOKEN: fake.accessToken,
      WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
    },
    now: () => clock,
  });
  const admin = await createUser(ctx.database, { role: 'admin' });
  adminHeaders = bearerHeader((await signIn(ctx.app, admin)).access_token);
  [productId] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Lua', price_cents: 8990, stock_quantity: 100 }),
  ])) as [number];
});

afterEach(() => {
  fake.messages.length = 0;
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

/** An order placed and its PIX charge issued, as the checkout and the PIX page do it. */
async function orderWithPix(order: Record<string, unknown>) {
  const buyer = await shopper(ctx.app, ctx.database);
  await addToCart(ctx.app, buyer.headers, productId, 1);
  const placed = await placeOrder(ctx.app, buyer.headers, checkoutBody(order));
  expect(placed.statusCode, placed.body).toBe(201);
  const {
    id,
    order_number: number,
    total_cents: totalCents,
  } = placed.json<{ order: { id: number; order_number: string; total_cents: number } }>().order;
  const paid = await payOrder(ctx.app, buyer.headers, id);
  expect(paid.statusCode, paid.body).toBeLessThan(300);
  return { id, number, totalCents, headers: buyer.headers, userId: buyer.user.id };
}

async function admin(path: string, payload: object = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${path}`,
    headers: adminHeaders,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function delivered(): Promise<void> {
  await ctx.app.whatsapp.deliverDue();
}

async function messagesOf(orderId: number) {
  return ctx.database.db
    .select()
    .from(whatsappMessages)
    .where(eq(whatsappMessages.orderId, orderId));
}

describe('order updates by WhatsApp', () => {
  it('offers the opt-in at checkout while the shop has WhatsApp set up', async () => {
    const store = await ctx.app.inject({ method: 'GET', url: '/api/store' });
    expect(store.json()).toMatchObject({ store: { order_whatsapp: true } });
  });

  it('sends the four templates, with the order’s values, to a shopper who opted in', async () => {
    const order = await orderWithPix({
      customer_name: 'Bruna  Ferraz Lima',
      customer_phone: '(21) 99876-5432',
      whatsapp_updates: true,
    });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ whatsappOptIn: true, whatsappPhone: '5521998765432' });
    await delivered();
    const [received] = fake.messages;
    expect(received).toMatchObject({
      to: '5521998765432',
      template: ORDER_UPDATE_TEMPLATES.order_received.name,
      language: 'pt_BR',
    });
    const [name, number, total, pixCode] = received?.parameters ?? [];
    expect([name, number, total]).toEqual(['Bruna', order.number, formatBRL(order.totalCents)]);
    // The same copy-and-paste code the e-mail carries: a BR Code for this order's total.
    expect(pixCode).toMatch(/^000201.*6304[0-9A-F]{4}$/);

    const simulated = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/simulate_payment`,
      headers: order.headers,
    });
    expect(simulated.statusCode, simulated.body).toBe(200);
    await admin(`${order.id}/ship`, { tracking_code: TRACKING });
    await admin(`${order.id}/deliver`);
    await delivered();

    expect(fake.messages.map((message) => [message.template, message.parameters])).toEqual([
      [ORDER_UPDATE_TEMPLATES.order_received.name, [name, number, total, pixCode]],
      [ORDER_UPDATE_TEMPLATES.payment_approved.name, ['Bruna', order.number]],
      [
        ORDER_UPDATE_TEMPLATES.order_shipped.name,
        ['Bruna', order.number, TRACKING, 'https://rastreamento.correios.com.br/app/index.php'],
      ],
      [ORDER_UPDATE_TEMPLATES.order_delivered.name, ['Bruna', order.number]],
    ]);
    // Sent: the shop keeps the kind and WhatsApp's id, not the phone or the values.
    const rows = await messagesOf(order.id);
    expect(rows).toHaveLength(4);
    for (const sent of rows) {
      expect(sent).toMatchObject({ status: 'sent', toPhone: '', parameters: [] });
      expect(sent.providerMessageId).toMatch(/^wamid\./);
    }
  });

  it('sends nothing to a shopper who did not opt in', async () => {
    const order = await orderWithPix({ customer_phone: '(21) 99876-5432' });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/simulate_payment`,
      headers: order.headers,
    });
    await delivered();
    expect(fake.messages).toEqual([]);
    expect(await messagesOf(order.id)).toEqual([]);
  });

  it('asks for a mobile when the phone given is a landline', async () => {
    const buyer = await shopper(ctx.app, ctx.database);
    await addToCart(ctx.app, buyer.headers, productId, 1);
    const refused = await placeOrder(
      ctx.app,
      buyer.headers,
      checkoutBody({ customer_phone: '(11) 3333-4444', whatsapp_updates: true }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: WHATSAPP_TEXTS.needsMobile,
      fields: { 'order.customer_phone': [WHATSAPP_TEXTS.needsMobile] },
    });
  });

  it('retries a send that failed, later, without holding up the order', async () => {
    fake.failNext(2);
    const attemptsBefore = fake.attempts;
    const order = await orderWithPix({ customer_phone: '11987654321', whatsapp_updates: true });
    await delivered();
    expect(fake.messages).toEqual([]);
    let [row] = await messagesOf(order.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain('HTTP 500');
    // Not due yet: nothing is tried.
    await delivered();
    expect(fake.attempts).toBe(attemptsBefore + 1);

    clock = new Date(clock.getTime() + 31_000);
    await delivered();
    [row] = await messagesOf(order.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });

    clock = new Date(clock.getTime() + 61_000);
    await delivered();
    [row] = await messagesOf(order.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(fake.messages.map((message) => message.template)).toEqual([
      ORDER_UPDATE_TEMPLATES.order_received.name,
    ]);
    expect(fake.attempts).toBe(attemptsBefore + 3);
  });

  it('gives up at once on a message WhatsApp refuses as such, and at the last attempt otherwise', async () => {
    fake.failNext(1, { status: 400, code: 132001, message: 'Template name does not exist' });
    const refused = await orderWithPix({ customer_phone: '11987654321', whatsapp_updates: true });
    await delivered();
    const [row] = await messagesOf(refused.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.lastError).toContain('code 132001');

    fake.failNext(8);
    const down = await orderWithPix({ customer_phone: '11987654321', whatsapp_updates: true });
    for (let attempt = 0; attempt < 8; attempt += 1) {
      clock = new Date(clock.getTime() + 60 * 60 * 1000);
      await delivered();
    }
    const [last] = await messagesOf(down.id);
    expect(last).toMatchObject({ status: 'failed', attempts: 8 });
    expect(fake.messages).toEqual([]);
  });
});

describe('LGPD erasure', () => {
  it("takes the phone and the values out of the person's messages, and never sends one left", async () => {
    fake.failNext(1);
    const order = await orderWithPix({ customer_phone: '11976543210', whatsapp_updates: true });
    await delivered();
    expect((await messagesOf(order.id))[0]).toMatchObject({ status: 'pending' });
    await ctx.database.db.transaction((tx) => eraseAccount(tx, order.userId, clock));
    const [message] = await messagesOf(order.id);
    expect(message).toMatchObject({ status: 'failed', toPhone: '', parameters: [] });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.whatsappPhone).toBeNull();
    clock = new Date(clock.getTime() + 60 * 60 * 1000);
    await delivered();
    expect(fake.messages).toEqual([]);
  });
});

describe('a shop without WhatsApp', () => {
  let plain: TestContext;
  let plainProduct: number;

  beforeAll(async () => {
    // Only the API's address, as a test shop points it at the fake: no token, no WhatsApp.
    // The token key given, so the test writes no key file into the repository's data folder.
    plain = await createTestContext({
      env: { WHATSAPP_API_URL: fake.url, BLING_TOKEN_KEY: 'f'.repeat(64) },
      now: () => clock,
    });
    [plainProduct] = (await insertProducts(plain.database.db, [
      createProduct({ stock_quantity: 10 }),
    ])) as [number];
  });

  afterAll(async () => {
    await plain?.close();
  });

  it('offers no opt-in, keeps none, and sends nothing', async () => {
    const store = await plain.app.inject({ method: 'GET', url: '/api/store' });
    expect(store.json()).toMatchObject({ store: { order_whatsapp: false } });
    const buyer = await shopper(plain.app, plain.database);
    await addToCart(plain.app, buyer.headers, plainProduct, 1);
    const placed = await placeOrder(
      plain.app,
      buyer.headers,
      checkoutBody({ customer_phone: '11987654321', whatsapp_updates: true }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const { id } = placed.json<{ order: { id: number } }>().order;
    expect((await payOrder(plain.app, buyer.headers, id)).statusCode).toBeLessThan(300);
    await plain.app.whatsapp.deliverDue();
    const [row] = await plain.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ whatsappOptIn: false, whatsappPhone: null });
    expect(await plain.database.db.select().from(whatsappMessages)).toEqual([]);
    expect(fake.messages).toEqual([]);
  });

  it('is set up by the owner in the panel: the token sealed, never answered, then used', async () => {
    const owner = await createUser(plain.database, { role: 'admin' });
    const headers = bearerHeader((await signIn(plain.app, owner)).access_token);
    const put = (payload: object) =>
      plain.app.inject({ method: 'PUT', url: '/api/admin/whatsapp', headers, payload });

    const bad = await put({ whatsapp: { phone_number_id: '+55 11', access_token: 'curto' } });
    expect(bad.statusCode).toBe(422);
    const noToken = await put({ whatsapp: { phone_number_id: fake.phoneNumberId } });
    expect(noToken.statusCode).toBe(422);
    expect(noToken.json<{ message: string }>().message).toBe(WHATSAPP_TEXTS.tokenRequired);

    const saved = await put({
      whatsapp: { phone_number_id: fake.phoneNumberId, access_token: fake.accessToken },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      whatsapp: {
        configured: true,
        source: 'panel',
        phone_number_id: fake.phoneNumberId,
        token_hint: `…${fake.accessToken.slice(-4)}`,
      },
    });
    expect(saved.body).not.toContain(fake.accessToken);
    const [stored] = await plain.database.db.select().from(whatsappConnection);
    expect(stored?.accessTokenEnc).toMatch(/^v1\./);
    expect(stored?.accessTokenEnc).not.toContain(fake.accessToken);
    const shown = await plain.app.inject({ method: 'GET', url: '/api/admin/whatsapp', headers });
    expect(shown.body).not.toContain(fake.accessToken);

    // A shopper of this shop now opts in and hears of the order.
    const buyer = await shopper(plain.app, plain.database);
    await addToCart(plain.app, buyer.headers, plainProduct, 1);
    const placed = await placeOrder(
      plain.app,
      buyer.headers,
      checkoutBody({ customer_phone: '11987654321', whatsapp_updates: true }),
    );
    const { id } = placed.json<{ order: { id: number } }>().order;
    await payOrder(plain.app, buyer.headers, id);
    await plain.app.whatsapp.deliverDue();
    expect(fake.messages.map((message) => [message.to, message.template])).toEqual([
      ['5511987654321', ORDER_UPDATE_TEMPLATES.order_received.name],
    ]);

    // Off again: the customer's role cannot touch it, the owner can.
    const customer = bearerHeader(
      (await signIn(plain.app, await createUser(plain.database))).access_token,
    );
    expect(
      (await plain.app.inject({ method: 'DELETE', url: '/api/admin/whatsapp', headers: customer }))
        .statusCode,
    ).toBe(403);
    const off = await plain.app.inject({ method: 'DELETE', url: '/api/admin/whatsapp', headers });
    expect(off.json()).toMatchObject({ whatsapp: { configured: false, source: null } });
  });
});
