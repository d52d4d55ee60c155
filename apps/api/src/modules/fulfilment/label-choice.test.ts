// The owner choosing the label's service, against the fake Melhor Envio over HTTP through the
// real adapter: the options keep the deadline the shopper was promised (their own service
// always listed), Mini Envios only for a parcel it takes, no carrier whose cart wants a drop-off
// agency, and a purchase with another service checked again, stored, and bought once.
import type { LabelJson, LabelOptionsJson } from '@lumina/shared/fulfilment/fulfilment-json';
import {
  FULFILMENT_MESSAGES,
  LABEL_CHOICE_MESSAGES,
} from '@lumina/shared/fulfilment/fulfilment-texts';
import { MELHOR_RASTREIO_URL } from '@lumina/shared/fulfilment/label-tracking';
import type { OrderJson } from '@lumina/shared/orders/order-schemas';
import { CORREIOS_TRACKING_URL, isValidTrackingCode } from '@lumina/shared/orders/tracking-code';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shippingLabels } from '../../db/schema/fulfilment.ts';
import {
  type FakeMelhorEnvioServer,
  startFakeMelhorEnvio,
} from '../../integrations/melhor-envio/fake-melhor-envio-server.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { labelFixture } from './label-test-kit.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'lumina-label-choice-'));
let melhorEnvio: FakeMelhorEnvioServer;
let ctx: TestContext;
let fixture: ReturnType<typeof labelFixture>;
let admin: Record<string, string>;

beforeAll(async () => {
  melhorEnvio = await startFakeMelhorEnvio();
  ctx = await createTestContext({
    env: {
      BLING_TOKEN_KEY: 'e'.repeat(64),
      DATA_DIR: dataDir,
      MELHOR_ENVIO_API_URL: melhorEnvio.url,
      MELHOR_ENVIO_TOKEN: melhorEnvio.token,
      MELHOR_ENVIO_EMAIL: 'tecnico@aurora.example',
      MELHOR_ENVIO_CLIENT_ID: melhorEnvio.clientId,
      MELHOR_ENVIO_CLIENT_SECRET: melhorEnvio.clientSecret,
    },
  });
  fixture = labelFixture(ctx.app, ctx.database);
  admin = (await fixture.admin()).headers;
  await fixture.storeSettings(admin);
});

afterAll(async () => {
  await ctx?.close();
  await melhorEnvio?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  melhorEnvio.reset();
});

function options(orderId: number) {
  return ctx.app.inject({ url: `/api/admin/orders/${orderId}/label/options`, headers: admin });
}

async function optionsOf(orderId: number): Promise<LabelOptionsJson> {
  const answer = await options(orderId);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<LabelOptionsJson>();
}

function buy(orderId: number, payload?: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/label`,
    headers: admin,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function bought(orderId: number, payload?: unknown): Promise<LabelJson> {
  const answer = await buy(orderId, payload);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ label: LabelJson }>().label;
}

const cartCalls = () =>
  melhorEnvio.requests.filter(
    (request) => request.method === 'POST' && request.path.endsWith('/cart'),
  );

async function labelRows(orderId: number) {
  return ctx.database.db.select().from(shippingLabels).where(eq(shippingLabels.orderId, orderId));
}

/** Every service quoted within `days` of the promise (negative: sooner), unless set apart. */
function deadlines(order: OrderJson, days: Record<number, number>) {
  for (const [id, offset] of Object.entries(days)) {
    melhorEnvio.behaviour.deliveryDays[Number(id)] = order.delivery_days + offset;
  }
}

describe('the services a label may be bought with', () => {
  it("lists those within the promise, cheapest first, and the shopper's own even a day late", async () => {
    const order = await fixture.order(admin, { method: 'pac' });
    // PAC a day later than promised; SEDEX sooner; Mini Envios just in time; Jadlog late;
    // LATAM Cargo the cheapest in time, but its cart wants a drop-off agency.
    deadlines(order, { 1: 1, 2: -1, 17: 0, 3: 1, 12: -1 });

    const listed = await optionsOf(order.id);
    expect(listed).toEqual({
      promised_days: order.delivery_days,
      chosen_service_id: 1,
      options: [
        {
          service_id: 17,
          company: 'Correios',
          name: 'Mini Envios',
          price_cents: 1520,
          delivery_days: order.delivery_days,
          chosen: false,
        },
        {
          service_id: 1,
          company: 'Correios',
          name: 'PAC',
          price_cents: 2635,
          delivery_days: order.delivery_days + 1,
          chosen: true,
        },
        {
          service_id: 2,
          company: 'Correios',
          name: 'SEDEX',
          price_cents: 4170,
          delivery_days: order.delivery_days - 1,
          chosen: false,
        },
      ],
    });
    // Melhor Envio was asked for the label's own box: two 30 g units stacked, all services.
    const calculate = melhorEnvio.requests.find((r) => r.path.endsWith('/shipment/calculate'));
    expect(calculate?.body).toMatchObject({
      to: { postal_code: '01310100' },
      products: [{ id: 'parcel', weight: 0.06, length: 16, width: 11, height: 4, quantity: 1 }],
    });
    expect(calculate?.body).not.toHaveProperty('services');

    // Jadlog in time: another carrier, bought without an agency, is offered.
    deadlines(order, { 3: 0 });
    const again = await optionsOf(order.id);
    expect(again.options.map((option) => option.service_id)).toEqual([17, 3, 1, 2]);
    expect(again.options[1]).toMatchObject({ company: 'Jadlog', name: '.Package' });
    expect(again.options.some((option) => option.service_id === 12)).toBe(false);
    expect(cartCalls()).toEqual([]);
  });

  it('offers Mini Envios for a small parcel and not for one over its limits', async () => {
    const small = await fixture.order(admin);
    const big = await fixture.order(admin, { weightGrams: 200 });
    deadlines(small, { 17: 0 });
    expect((await optionsOf(small.id)).options.map((o) => o.service_id)).toContain(17);
    deadlines(big, { 17: 0 });
    expect((await optionsOf(big.id)).options.map((o) => o.service_id)).not.toContain(17);
  });

  it('answers in pt-BR when Melhor Envio is down, and refuses an order that has its label', async () => {
    const order = await fixture.order(admin);
    melhorEnvio.behaviour.mode = 'error';
    const down = await options(order.id);
    expect(down.statusCode).toBe(503);
    expect(down.json<ErrorJson>().message).toBe(FULFILMENT_MESSAGES.melhorEnvioDown);

    melhorEnvio.behaviour.mode = 'ok';
    await bought(order.id);
    const taken = await options(order.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ErrorJson>().message).toBe(FULFILMENT_MESSAGES.labelExists);
  });
});

describe('buying the label with the service the owner chose', () => {
  it('stores Mini Envios and puts it in the cart, with a Correios code', async () => {
    const order = await fixture.order(admin, { method: 'sedex' });
    deadlines(order, { 17: 0 });
    const label = await bought(order.id, { service_id: 17 });
    expect(label).toMatchObject({ service: 'Mini Envios', service_id: 17, state: 'generated' });
    expect(isValidTrackingCode(label.tracking_code ?? '')).toBe(true);
    expect(label.tracking_url).toBe(CORREIOS_TRACKING_URL);
    expect((await labelRows(order.id)).map((row) => row.serviceId)).toEqual([17]);
    expect(cartCalls().map((call) => (call.body as { service: number }).service)).toEqual([17]);
  });

  it("follows another carrier's code on Melhor Envio's tracking page, not the Correios'", async () => {
    const order = await fixture.order(admin);
    deadlines(order, { 3: 0 });
    const label = await bought(order.id, { service_id: 3 });
    expect(label).toMatchObject({ service: 'Jadlog .Package', service_id: 3 });
    expect(label.tracking_url).toBe(
      `${MELHOR_RASTREIO_URL}${encodeURIComponent(label.tracking_code ?? '')}`,
    );
    expect(cartCalls().map((call) => (call.body as { agency?: unknown }).agency)).toEqual([
      undefined,
    ]);
    // The order the label shipped, as the panel and the shopper read it, and the shipped e-mail.
    const detail = await ctx.app.inject({ url: `/api/admin/orders/${order.id}`, headers: admin });
    expect(detail.json<{ order: OrderJson }>().order).toMatchObject({
      status: 'shipped',
      tracking_code: label.tracking_code,
      tracking_carrier: 'Jadlog',
      tracking_url: label.tracking_url,
    });
    const shipped = (await ctx.app.outbox.ofOrder(order.id)).find(
      (mail) => mail.kind === 'order_shipped',
    );
    expect(shipped?.textBody).toContain('foi enviado pela Jadlog');
    expect(shipped?.textBody).not.toContain('Correios');
  });

  it('refuses a service outside the promise, or one it cannot buy, and buys nothing', async () => {
    const order = await fixture.order(admin);
    deadlines(order, { 2: 1, 12: -1 });
    for (const [serviceId, message] of [
      [2, LABEL_CHOICE_MESSAGES.outsidePromise],
      // LATAM Cargo: quoted in time, but its cart wants an agency the shop does not pick.
      [12, LABEL_CHOICE_MESSAGES.unavailable],
      [999, LABEL_CHOICE_MESSAGES.unavailable],
    ] as const) {
      const refused = await buy(order.id, { service_id: serviceId });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json<ErrorJson>().message).toBe(message);
    }
    melhorEnvio.behaviour.notServed = [17];
    const notServed = await buy(order.id, { service_id: 17 });
    expect(notServed.statusCode).toBe(422);
    expect(notServed.json<ErrorJson>().message).toBe(LABEL_CHOICE_MESSAGES.unavailable);
    expect(cartCalls()).toEqual([]);
    expect(await labelRows(order.id)).toEqual([]);
  });

  it('refuses a service id that is not a positive whole number, in pt-BR', async () => {
    const order = await fixture.order(admin);
    for (const service_id of ['x', -1, 1.5]) {
      const refused = await buy(order.id, { service_id });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json<ErrorJson>().message).toBe(LABEL_CHOICE_MESSAGES.serviceId);
    }
    expect(melhorEnvio.requests).toEqual([]);
    expect(await labelRows(order.id)).toEqual([]);
  });

  it('buys one label however many clicks, whatever service each names', async () => {
    const order = await fixture.order(admin);
    deadlines(order, { 2: -1, 17: 0 });
    const [first, second] = await Promise.all([
      bought(order.id, { service_id: 17 }),
      bought(order.id, { service_id: 2 }),
    ]);
    const third = await bought(order.id);
    expect(second.id).toBe(first.id);
    expect(third.id).toBe(first.id);
    expect(await labelRows(order.id)).toHaveLength(1);
    expect(cartCalls()).toHaveLength(1);
  });

  it("keeps the shopper's service without a body, and in the bulk purchase", async () => {
    const [one, two] = [
      await fixture.order(admin, { method: 'sedex' }),
      await fixture.order(admin),
    ];
    expect(await bought(one.id)).toMatchObject({ service: 'SEDEX', service_id: 2 });
    const bulk = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/labels',
      headers: admin,
      payload: { order_ids: [two.id] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(cartCalls().map((call) => (call.body as { service: number }).service)).toEqual([2, 1]);
    // Neither asked Melhor Envio for quotes: only a chosen service is checked again.
    expect(melhorEnvio.requests.some((r) => r.path.endsWith('/shipment/calculate'))).toBe(false);
  });
});
