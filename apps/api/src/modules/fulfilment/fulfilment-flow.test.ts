// From paid to delivered with the real integrations over HTTP: the Bling adapter against the
// fake Bling (the sales order, then its NF-e generated, sent and authorised) and the Melhor
// Envio adapter against the fake Melhor Envio (cart, checkout, generate, print), whose signed
// webhooks, sent to the listening API, move the order to shipped and delivered. No code is typed.
import type {
  FulfilmentStatusJson,
  InvoiceJson,
  LabelJson,
} from '@lumina/shared/fulfilment/fulfilment-json';
import type { OrderStatusResponse } from '@lumina/shared/orders/order-schemas';
import type { DataExport } from '@lumina/shared/privacy/data-export';
import type { AdminOrderDetail, AdminOrderListResponse } from '@lumina/shared/admin/admin-orders';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeBlingServer,
  startFakeBlingServer,
} from '../../integrations/bling/fake-bling-server.ts';
import { isValidNfeAccessKey } from '../../integrations/bling/nfe-access-key.ts';
import {
  type FakeMelhorEnvioServer,
  startFakeMelhorEnvio,
} from '../../integrations/melhor-envio/fake-melhor-envio-server.ts';
import { waitUntil } from '../../jobs/testing.ts';
import { addToCart, checkoutBody, payOrder, placeOrder, shopper } from '../../test/checkout.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createSettingsBody } from '../../test/settings-builder.ts';
import { connectBling } from '../../test/bling-connection.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';
import { LABEL_TEXTS } from './label-texts.ts';

const CALLBACK = 'http://127.0.0.1/api/bling/oauth/callback';
const dataDir = mkdtempSync(join(tmpdir(), 'lumina-fulfilment-'));
let bling: FakeBlingServer;
let melhorEnvio: FakeMelhorEnvioServer;
let ctx: TestContext;
let admin: Record<string, string>;
let productId: number;
/** The order the flow below delivers, for the export that follows it. */
let delivered:
  | {
      buyer: Awaited<ReturnType<typeof paidOrder>>['buyer'];
      order: { id: number; order_number: string };
      invoice: InvoiceJson;
      label: LabelJson;
    }
  | undefined;

beforeAll(async () => {
  bling = await startFakeBlingServer({ redirectUri: CALLBACK });
  melhorEnvio = await startFakeMelhorEnvio();
  ctx = await createTestContext({
    env: {
      BLING_CLIENT_ID: bling.clientId,
      BLING_CLIENT_SECRET: bling.clientSecret,
      BLING_API_URL: bling.apiUrl,
      BLING_AUTH_URL: bling.authUrl,
      BLING_TOKEN_KEY: 'd'.repeat(64),
      DATA_DIR: dataDir,
      MELHOR_ENVIO_API_URL: melhorEnvio.url,
      MELHOR_ENVIO_TOKEN: melhorEnvio.token,
      MELHOR_ENVIO_EMAIL: 'tecnico@aurora.example',
      MELHOR_ENVIO_CLIENT_ID: melhorEnvio.clientId,
      MELHOR_ENVIO_CLIENT_SECRET: melhorEnvio.clientSecret,
    },
  });
  // Melhor Envio delivers its webhooks over HTTP: the API listens on a port of its own.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the API has no port');
  melhorEnvio.webhookUrl = `http://127.0.0.1:${address.port}/api/webhooks/melhorenvio`;
  melhorEnvio.webhookSecret = melhorEnvio.clientSecret;

  const owner = await createUser(ctx.database, { role: 'admin' });
  admin = bearerHeader((await signIn(ctx.app, owner)).access_token);
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: admin,
    payload: { settings: createSettingsBody() },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  [productId] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Entrega', sku: 'ENTREGA-1', stock_quantity: 50 }),
  ])) as [number];

  await connectBling(ctx.app, admin);
});

afterAll(async () => {
  await ctx?.close();
  await bling?.close();
  await melhorEnvio?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function fulfilmentStatus(): Promise<FulfilmentStatusJson> {
  const answer = await ctx.app.inject({ url: '/api/admin/fulfilment', headers: admin });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<FulfilmentStatusJson>();
}

/** How many times the shop asked the fake Melhor Envio for the wallet's balance. */
const balanceReads = () =>
  melhorEnvio.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/balance')).length;

async function adminOrder(orderId: number): Promise<AdminOrderDetail> {
  const answer = await ctx.app.inject({ url: `/api/admin/orders/${orderId}`, headers: admin });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<AdminOrderDetail>();
}

/** An order placed and paid (simulated PIX), with the CPF the checkout may leave out. */
async function paidOrder(cpf: string | null) {
  const buyer = await shopper(ctx.app, ctx.database);
  await addToCart(ctx.app, buyer.headers, productId, 2);
  const placed = await placeOrder(
    ctx.app,
    buyer.headers,
    checkoutBody({ customer_cpf: cpf ?? '' }),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<{ order: { id: number; order_number: string } }>().order;
  expect((await payOrder(ctx.app, buyer.headers, order.id)).statusCode).toBe(200);
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/simulate_payment`,
    headers: buyer.headers,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { buyer, order };
}

describe('a paid order goes to delivered with its NF-e and label', () => {
  it('is refused a label without the CPF Melhor Envio needs, before anything is bought', async () => {
    const { order } = await paidOrder(null);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/label`,
      headers: admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(LABEL_TEXTS.recipientDocumentMissing);
    expect(melhorEnvio.requests.filter((r) => r.path.endsWith('/cart'))).toEqual([]);
  });

  it('without the owner typing a code, and the shopper sees each step', async () => {
    const { buyer, order } = await paidOrder('529.982.247-25');
    expect(await ctx.app.erp.pushSalesOrders()).toMatchObject({ failed: 0, stopped: null });

    const fulfilment = await ctx.app.inject({ url: '/api/admin/fulfilment', headers: admin });
    expect(fulfilment.json()).toMatchObject({
      melhor_envio: { configured: true, connected: true, via: 'token' },
      invoices: { available: true },
    });
    // Every admin order page asks for this status: the wallet is read once for pages close together.
    const walletBefore = (await fulfilmentStatus()).melhor_envio.balance ?? 0;
    expect(balanceReads()).toBe(1);

    // The NF-e: Bling generates it from the sale, sends it to SEFAZ, and it comes back authorised.
    const issued = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/invoice`,
      headers: admin,
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const invoice = issued.json<{ invoice: InvoiceJson }>().invoice;
    // Bling's API has no call that cancels an NF-e: the panel sends the owner to Bling for it.
    expect(invoice).toMatchObject({
      state: 'authorised',
      needs_cancellation: false,
      can_cancel: false,
    });
    expect(isValidNfeAccessKey(invoice.access_key ?? '')).toBe(true);
    const danfe = await fetch(invoice.danfe_url ?? '');
    expect((await danfe.text()).startsWith('%PDF')).toBe(true);

    // The label carries the NF-e's key and moves the order to shipped with its code.
    const bought = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/label`,
      headers: admin,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const label = bought.json<{ label: LabelJson }>().label;
    expect(label).toMatchObject({ state: 'generated', service: 'PAC', can_print: true });
    expect(label.tracking_code).toMatch(/^[A-Z]{2}\d{9}BR$/);
    const cart = melhorEnvio.requests.find((r) => r.method === 'POST' && r.path.endsWith('/cart'));
    expect(cart?.body).toMatchObject({
      options: { non_commercial: false, invoice: { key: invoice.access_key } },
    });
    expect((await adminOrder(order.id)).order).toMatchObject({
      status: 'shipped',
      tracking_code: label.tracking_code,
    });
    // Paying the label moved the wallet: the next page reads it again.
    const walletAfter = (await fulfilmentStatus()).melhor_envio.balance ?? 0;
    expect(balanceReads()).toBe(2);
    expect(walletAfter).toBeCloseTo(walletBefore - (label.price ?? 0), 2);

    // A second click (or a second administrator) gets the same label, not a second purchase.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/label`,
      headers: admin,
    });
    expect(again.json<{ label: LabelJson }>().label.id).toBe(label.id);
    expect(melhorEnvio.labels.size).toBe(1);

    const printed = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/labels/print',
      headers: admin,
      payload: { order_ids: [order.id] },
    });
    expect(printed.statusCode, printed.body).toBe(200);
    const pdf = await fetch(printed.json<{ url: string }>().url);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');

    // The carrier posts and delivers: Melhor Envio's signed webhooks move the order.
    const [providerOrderId] = [...melhorEnvio.labels.keys()] as [string];
    expect((await melhorEnvio.post(providerOrderId))?.status).toBe(200);
    expect((await melhorEnvio.deliver(providerOrderId))?.status).toBe(200);
    await waitUntil(async () => (await adminOrder(order.id)).order.status === 'delivered');

    const detail = await adminOrder(order.id);
    expect(detail.fulfilment?.label?.state).toBe('delivered');
    expect(detail.fulfilment?.tracking_events.map((event) => event.status)).toEqual([
      'posted',
      'delivered',
    ]);
    const list = await ctx.app.inject({ url: '/api/admin/orders', headers: admin });
    expect(
      list.json<AdminOrderListResponse>().orders.find((row) => row.id === order.id),
    ).toMatchObject({ label_state: 'delivered', invoice_state: 'authorised' });

    // The shopper's order page: the DANFE and where the parcel went.
    const own = await ctx.app.inject({ url: `/api/orders/${order.id}`, headers: buyer.headers });
    expect(own.statusCode, own.body).toBe(200);
    const shown = own.json<OrderStatusResponse>().order;
    expect(shown.status).toBe('delivered');
    expect(shown.invoice).toEqual({ number: invoice.number, danfe_url: invoice.danfe_url });
    expect(shown.tracking_events?.map((event) => event.description)).toEqual([
      'Objeto postado',
      'Objeto entregue ao destinatário',
    ]);
    delivered = { buyer, order, invoice, label };
  });

  it("hands the shopper their order's NF-e, label and tracking in the LGPD export, and no one else", async () => {
    if (!delivered) throw new Error('the order of the test above was not delivered');
    const { buyer, order, invoice, label } = delivered;
    const exportOf = async (headers: Record<string, string>) => {
      const answer = await ctx.app.inject({ url: '/api/users/me/export', headers });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<DataExport>();
    };
    const when = expect.any(String) as string;
    const mine = await exportOf(buyer.headers);
    expect(mine.orders).toHaveLength(1);
    // Field by field (toEqual): no provider's id, token or the price the shop paid.
    expect(mine.orders[0]).toMatchObject({
      order_number: order.order_number,
      tracking_code: label.tracking_code,
    });
    expect(mine.orders[0]?.invoices).toEqual([
      {
        state: 'authorised',
        number: invoice.number,
        series: invoice.series,
        access_key: invoice.access_key,
        danfe_url: invoice.danfe_url,
        xml_url: invoice.xml_url,
        requested_at: when,
        authorised_at: when,
        cancelled_at: null,
      },
    ]);
    expect(mine.orders[0]?.shipping_labels).toEqual([
      {
        service: 'PAC',
        tracking_code: label.tracking_code,
        state: 'delivered',
        created_at: label.created_at,
        posted_at: when,
        delivered_at: when,
      },
    ]);
    expect(mine.orders[0]?.tracking_events).toEqual([
      { status: 'posted', description: 'Objeto postado', occurred_at: when },
      { status: 'delivered', description: 'Objeto entregue ao destinatário', occurred_at: when },
    ]);

    // Another shopper's paid order: theirs alone, with nothing of the order above.
    const other = await paidOrder('529.982.247-25');
    const theirs = await exportOf(other.buyer.headers);
    expect(theirs.orders).toEqual([
      expect.objectContaining({
        order_number: other.order.order_number,
        invoices: [],
        shipping_labels: [],
        tracking_events: [],
      }),
    ]);
  });
});
