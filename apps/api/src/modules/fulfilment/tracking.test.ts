// Where the parcels are: Melhor Envio's signed webhooks (refused unsigned, applied once, unknown
// ones recorded), the polling job that makes up for lost ones, the order moved to shipped and
// delivered through its lifecycle, and the job that takes up purchases an outage stopped.
import type { LabelJson } from '@lumina/shared/fulfilment/fulfilment-json';
import {
  FULFILMENT_MESSAGES,
  TRACKING_STATUS_TEXTS,
} from '@lumina/shared/fulfilment/fulfilment-texts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  melhorEnvioWebhookEvents,
  shippingLabels,
  trackingEvents,
} from '../../db/schema/fulfilment.ts';
import { orderEvents, orders } from '../../db/schema/orders.ts';
import { securityLogs } from '../../db/schema/security.ts';
import { appJobs } from '../../jobs/app-jobs.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { startTestJobRunner, waitUntil } from '../../jobs/testing.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { LABEL_RETRY_JOB, LABEL_TRACKING_JOB } from './label-jobs.ts';
import { LABEL_TEXTS } from './label-texts.ts';
import {
  createMemoryMelhorEnvio,
  LABEL_TEST_SECRET,
  labelFixture,
  labelTestEnv,
  type MemoryMelhorEnvio,
  signMelhorEnvioWebhook,
  testAdapter,
} from './label-test-kit.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'lumina-tracking-'));
let me: MemoryMelhorEnvio;
let ctx: TestContext;
let fixture: ReturnType<typeof labelFixture>;
let admin: Record<string, string>;
let runner: JobRunner | undefined;
let clock = new Date();

beforeAll(async () => {
  me = createMemoryMelhorEnvio();
  ctx = await createTestContext({
    env: labelTestEnv(dataDir),
    melhorEnvio: testAdapter(() => me),
    now: () => clock,
  });
  fixture = labelFixture(ctx.app, ctx.database);
  admin = (await fixture.admin()).headers;
  await fixture.storeSettings(admin);
});

afterAll(async () => {
  await runner?.stop();
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  me = createMemoryMelhorEnvio();
  clock = new Date();
});

/** A paid order with its label generated: the order, the label and Melhor Envio's id. */
async function shippedOrder() {
  const order = await fixture.order(admin);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${order.id}/label`,
    headers: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  const label = response.json<{ label: LabelJson }>().label;
  const [stored] = me.byTag(order.order_number);
  return { order, label, providerOrderId: stored!.id };
}

function webhook(body: object, signature?: string | null) {
  const raw = JSON.stringify(body);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/melhorenvio',
    headers: {
      'content-type': 'application/json',
      ...(signature === null
        ? {}
        : { 'x-me-signature': signature ?? signMelhorEnvioWebhook(raw, LABEL_TEST_SECRET) }),
    },
    payload: raw,
  });
}

const event = (name: string, id: string, extra: object = {}) => ({
  event: name,
  data: { id, status: name.split('.')[1], updated_at: new Date().toISOString(), ...extra },
});

async function orderOf(orderId: number) {
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

async function eventsOf(orderId: number) {
  return ctx.database.db.select().from(trackingEvents).where(eq(trackingEvents.orderId, orderId));
}

async function mailKinds(orderId: number) {
  return (await ctx.app.outbox.ofOrder(orderId)).map((mail) => mail.kind);
}

describe('webhooks', () => {
  it('refuses a missing or wrong signature with 401 and a security log entry', async () => {
    const { providerOrderId } = await shippedOrder();
    const body = event('order.posted', providerOrderId);
    for (const signature of [
      null,
      'assinatura-errada',
      signMelhorEnvioWebhook('{}', LABEL_TEST_SECRET),
    ]) {
      const response = await webhook(body, signature);
      expect(response.statusCode).toBe(401);
      expect(response.json<ErrorJson>().message).toBe(LABEL_TEXTS.badSignature);
    }
    const logged = await ctx.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.type, 'webhook_signature_failed'));
    expect(logged.filter((row) => row.metadata.provider === 'melhor_envio')).toHaveLength(3);
    const [label] = await ctx.database.db
      .select()
      .from(shippingLabels)
      .where(eq(shippingLabels.providerOrderId, providerOrderId));
    expect(label?.state).toBe('generated');
  });

  it('applies a posting once however often it comes', async () => {
    const { order, providerOrderId } = await shippedOrder();
    me.post(providerOrderId);
    const body = event('order.posted', providerOrderId);
    for (let i = 0; i < 3; i += 1) {
      const response = await webhook(body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ received: true });
    }
    const events = await eventsOf(order.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      status: 'posted',
      description: TRACKING_STATUS_TEXTS.posted,
      source: 'webhook',
    });
    const recorded = await ctx.database.db
      .select()
      .from(melhorEnvioWebhookEvents)
      .where(eq(melhorEnvioWebhookEvents.resourceId, providerOrderId));
    expect(recorded).toEqual([
      expect.objectContaining({ event: 'order.posted', outcome: 'applied' }),
    ]);
    const fulfilment = await ctx.app.labels.labels.fulfilmentOfOrder(order.id);
    expect(fulfilment.label).toMatchObject({ state: 'posted', can_cancel: false, can_print: true });
    expect(fulfilment.label?.posted_at).not.toBeNull();
    expect(fulfilment.tracking_events).toEqual([
      expect.objectContaining({ status: 'posted', description: 'Objeto postado' }),
    ]);
    // Shipped at generation; the posting sends no second e-mail.
    expect((await mailKinds(order.id)).filter((kind) => kind === 'order_shipped')).toHaveLength(1);
  });

  it('ships an order whose code only came with the posting', async () => {
    me.codesLater(true);
    const { order, label, providerOrderId } = await shippedOrder();
    expect(label).toMatchObject({ state: 'generated', tracking_code: null });
    expect((await orderOf(order.id))?.status).toBe('processing');
    const code = me.assignCode(providerOrderId);
    me.post(providerOrderId);
    const response = await webhook(event('order.posted', providerOrderId, { tracking: code }));
    expect(response.statusCode, response.body).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ status: 'shipped', trackingCode: code });
    expect(await mailKinds(order.id)).toContain('order_shipped');
  });

  it('records events it does not act on, and orders of no label of the shop, answering 200', async () => {
    const ignored = await webhook({ event: 'order.created', data: { id: 'qualquer-1' } });
    expect(ignored.statusCode, ignored.body).toBe(200);
    const stranger = await webhook(event('order.posted', 'pedido-de-outra-loja'));
    expect(stranger.statusCode, stranger.body).toBe(200);
    const rows = await ctx.database.db.select().from(melhorEnvioWebhookEvents);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          event: 'order.created',
          resourceId: 'qualquer-1',
          outcome: 'ignored',
        }),
        expect.objectContaining({ resourceId: 'pedido-de-outra-loja', outcome: 'unknown_label' }),
      ]),
    );
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/melhorenvio',
      headers: {
        'content-type': 'application/json',
        'x-me-signature': signMelhorEnvioWebhook('{"event":', LABEL_TEST_SECRET),
      },
      payload: '{"event":',
    });
    expect(malformed.statusCode).toBe(422);
  });
});

describe('polling', () => {
  it('brings a delivery the webhooks missed: label, events and the order, each once', async () => {
    const { order, providerOrderId } = await shippedOrder();
    const postedAt = new Date(Date.now() - 2 * 86_400_000);
    me.post(providerOrderId, postedAt);
    me.deliver(providerOrderId);
    for (let i = 0; i < 2; i += 1) await ctx.app.labels.tracking.pollOpenLabels();
    expect((await orderOf(order.id))?.status).toBe('delivered');
    const events = await eventsOf(order.id);
    expect(events.map((row) => [row.status, row.source]).sort()).toEqual([
      ['delivered', 'poll'],
      ['posted', 'poll'],
    ]);
    expect(events.find((row) => row.status === 'posted')?.occurredAt.getTime()).toBe(
      postedAt.getTime(),
    );
    expect((await mailKinds(order.id)).filter((kind) => kind === 'order_delivered')).toHaveLength(
      1,
    );
    const fulfilment = await ctx.app.labels.labels.fulfilmentOfOrder(order.id);
    expect(fulfilment.label).toMatchObject({ state: 'delivered' });
    expect(fulfilment.tracking_events.map((entry) => entry.description)).toEqual([
      'Objeto postado',
      'Objeto entregue ao destinatário',
    ]);
    // Delivered labels are no longer asked about.
    me.trackingAsked.length = 0;
    await ctx.app.labels.tracking.pollOpenLabels();
    expect(me.trackingAsked).not.toContain(providerOrderId);
  });

  it('fills in a code that came after the generation, and ships the order then', async () => {
    me.codesLater(true);
    const { order, providerOrderId } = await shippedOrder();
    expect((await orderOf(order.id))?.status).toBe('processing');
    await ctx.app.labels.tracking.pollOpenLabels();
    expect((await orderOf(order.id))?.status).toBe('processing');
    const code = me.assignCode(providerOrderId);
    await ctx.app.labels.tracking.pollOpenLabels();
    expect(await orderOf(order.id)).toMatchObject({ status: 'shipped', trackingCode: code });
  });

  it('takes a label cancelled in Melhor Envio as cancelled, and the order waits for a new one', async () => {
    const { order, providerOrderId } = await shippedOrder();
    const shippedWith = (await orderOf(order.id))?.trackingCode;
    expect(shippedWith).toBeTruthy();
    await me.provider.cancel(providerOrderId, 'no painel');
    await ctx.app.labels.tracking.pollOpenLabels();
    const fulfilment = await ctx.app.labels.labels.fulfilmentOfOrder(order.id);
    expect(fulfilment.label?.state).toBe('canceled');
    expect(await orderOf(order.id)).toMatchObject({ status: 'processing', trackingCode: null });
    // Told once, however often the news comes again.
    await ctx.app.labels.tracking.pollOpenLabels();
    const reopened = await ctx.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.action, 'reopen_shipment')));
    expect(reopened).toMatchObject([
      { actor: 'system', details: { source: 'melhor_envio', tracking_code: shippedWith } },
    ]);
  });

  it('runs as a job of the app', async () => {
    const jobs = appJobs({
      db: ctx.database.db,
      now: () => new Date(),
      payments: ctx.app.payments,
      outbox: ctx.app.outbox,
      erp: ctx.app.erp,
      monitoring: ctx.app.monitoring,
      privacy: ctx.app.privacy,
      backups: { takeBackup: () => Promise.reject(new Error('no backups here')) },
      labels: ctx.app.labels,
    });
    const labelJobs = jobs.filter((job) =>
      [LABEL_TRACKING_JOB, LABEL_RETRY_JOB].includes(job.name),
    );
    expect(labelJobs.map((job) => job.schedule)).toEqual([
      { cron: '*/30 * * * *' },
      { cron: '*/10 * * * *' },
    ]);
    const { order, providerOrderId } = await shippedOrder();
    me.post(providerOrderId);
    me.deliver(providerOrderId);
    runner = await startTestJobRunner({
      database: ctx.database,
      jobs: labelJobs.map(({ schedule: _schedule, ...job }) => job),
    });
    await runner.send(LABEL_TRACKING_JOB);
    await waitUntil(async () => (await orderOf(order.id))?.status === 'delivered', 20_000);
    await runner.stop();
    runner = undefined;
  });
});

describe('the retry job', () => {
  it('takes up a purchase an outage stopped, once things are quiet for a while', async () => {
    const order = await fixture.order(admin);
    me.failNext('checkout', 'unavailable');
    const failed = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/label`,
      headers: admin,
    });
    expect(failed.statusCode).toBe(503);
    expect(await ctx.app.labels.labels.retryStuck()).toMatchObject({ resumed: 0 });

    clock = new Date(clock.getTime() + 6 * 60_000);
    expect(await ctx.app.labels.labels.retryStuck()).toEqual({
      resumed: 1,
      generated: 1,
      failed: 0,
    });
    expect((await orderOf(order.id))?.status).toBe('shipped');
    expect(me.calls.addToCart).toBe(1);
    const [step] = await ctx.database.db
      .select()
      .from(trackingEvents)
      .where(and(eq(trackingEvents.orderId, order.id)));
    expect(step).toBeUndefined();
  });

  it('leaves alone what the owner must fix (an empty wallet)', async () => {
    const order = await fixture.order(admin);
    me.balanceCents = 0;
    const failed = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/label`,
      headers: admin,
    });
    expect(failed.json<ErrorJson>().message).toBe(FULFILMENT_MESSAGES.insufficientBalance);
    clock = new Date(clock.getTime() + 60 * 60_000);
    expect(await ctx.app.labels.labels.retryStuck()).toMatchObject({ resumed: 0 });
  });

  it('takes over a step whose process went silent longer than the lease', async () => {
    const order = await fixture.order(admin);
    const release = me.hold('generate');
    const buying = ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/label`,
      headers: admin,
    });
    await expect.poll(() => me.calls.generate).toBe(1);
    // While the step is out and recent, nobody else takes the label.
    expect(await ctx.app.labels.labels.retryStuck()).toMatchObject({ resumed: 0 });
    expect(me.calls.generate).toBe(1);

    clock = new Date(clock.getTime() + 3 * 60_000);
    const retry = ctx.app.labels.labels.retryStuck();
    // The taker asks Melhor Envio where the unanswered step stands before calling it again.
    await expect.poll(() => me.calls.tracking).toBe(1);
    await expect.poll(() => me.calls.generate).toBe(2);
    release();
    expect(await retry).toMatchObject({ resumed: 1, generated: 1 });
    expect((await buying).statusCode).toBe(200);
    expect(me.calls).toMatchObject({ addToCart: 1, checkout: 1 });
    expect((await mailKinds(order.id)).filter((kind) => kind === 'order_shipped')).toHaveLength(1);
  });
});
