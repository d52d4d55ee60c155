// NF-e through Bling on a real database and over HTTP: orders paid in the shop become sales
// orders at the fake Bling (the ERP's real push), and their NF-e are issued through the
// InvoiceProvider port, held in memory (test/invoice-provider.ts) and failing on demand: two
// clicks at once, an answer lost, SEFAZ's rejection and delay, Bling down, the automatic issue,
// the 24-hour cancellation, a refund that leaves an NF-e to cancel, and the shipped e-mail.
import type { InvoiceJson } from '@lumina/shared/fulfilment/fulfilment-json';
import { FULFILMENT_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import { INVOICE_MESSAGES } from '@lumina/shared/fulfilment/invoice-messages';
import { SETTINGS_MESSAGES } from '@lumina/shared/settings/store-settings';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema/fulfilment.ts';
import { orderEvents } from '../../db/schema/orders.ts';
import {
  type FakeBlingServer,
  startFakeBlingServer,
} from '../../integrations/bling/fake-bling-server.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { startTestJobRunner, waitUntil } from '../../jobs/testing.ts';
import { addToCart, payOrder, placeOrder, shopper } from '../../test/checkout.ts';
import { createMemoryInvoiceProvider } from '../../test/invoice-provider.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { connectBling } from '../../test/bling-connection.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';
import { INVOICE_AUTO_ISSUE_JOB, INVOICE_POLL_JOB } from './invoice-service.ts';
import { ProviderError } from './ports.ts';

const CALLBACK = 'http://127.0.0.1/api/bling/oauth/callback';
const dataDir = mkdtempSync(join(tmpdir(), 'lumina-invoices-'));
const bling = createMemoryInvoiceProvider();
const queued: { name: string; data: object | undefined }[] = [];
let fake: FakeBlingServer;
let ctx: TestContext;
let runner: JobRunner | undefined;
let admin: Record<string, string>;
let customer: Record<string, string>;
let productId: number;

interface ErrorAnswer {
  code: string;
  message: string;
}

beforeAll(async () => {
  fake = await startFakeBlingServer({ redirectUri: CALLBACK });
  ctx = await createTestContext({
    env: {
      BLING_CLIENT_ID: fake.clientId,
      BLING_CLIENT_SECRET: fake.clientSecret,
      BLING_API_URL: fake.apiUrl,
      BLING_AUTH_URL: fake.authUrl,
      BLING_TOKEN_KEY: 'b'.repeat(64),
      DATA_DIR: dataDir,
      BLING_TIMEOUT_MS: '1500',
    },
    jobs: {
      send: (name, data, options) => {
        queued.push({ name, data });
        return runner!.send(name, data, options);
      },
    },
    invoiceProvider: () => bling.provider,
  });
  // The jobs without their schedules: a test runs the poll when it means to.
  const jobs = ctx.app.invoices.jobs().map(({ schedule: _schedule, ...job }) => job);
  runner = await startTestJobRunner({ database: ctx.database, jobs });
  const owner = await createUser(ctx.database, { role: 'admin' });
  admin = bearerHeader((await signIn(ctx.app, owner)).access_token);
  const buyer = await createUser(ctx.database);
  customer = bearerHeader((await signIn(ctx.app, buyer)).access_token);
  [productId] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Nota Fiscal', sku: 'NFE-ARGOLA', stock_quantity: 500 }),
  ])) as [number];
  await connectBling(ctx.app, admin);
});

afterAll(async () => {
  await runner?.stop();
  await ctx?.close();
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  bling.reset();
});

/** An order placed and paid (simulated PIX); by default Bling has its sale (the ERP's push). */
async function paidOrder(options: { pay?: boolean; push?: boolean } = {}) {
  const buyer = await shopper(ctx.app, ctx.database);
  await addToCart(ctx.app, buyer.headers, productId, 2);
  const placed = await placeOrder(ctx.app, buyer.headers);
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<{ order: { id: number; order_number: string } }>().order;
  if (options.pay ?? true) {
    expect((await payOrder(ctx.app, buyer.headers, order.id)).statusCode).toBe(200);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/simulate_payment`,
      headers: buyer.headers,
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  if (options.push ?? true) {
    expect(await ctx.app.erp.pushSalesOrders()).toMatchObject({ failed: 0, stopped: null });
  }
  return order;
}

const issue = (orderId: number, headers: Record<string, string> = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/invoice`, headers });

const cancel = (orderId: number, body: unknown, headers: Record<string, string> = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/invoice/cancel`,
    headers,
    payload: body as object,
  });

const invoiceOf = (answer: { json: <T>() => T }) => answer.json<{ invoice: InvoiceJson }>().invoice;

/** The NF-e's steps in the order's history: action, who, and the number or reason kept. */
async function historyOf(orderId: number) {
  const rows = await ctx.database.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  return rows
    .filter((row) => row.action.startsWith('invoice_'))
    .map((row) => ({
      action: row.action,
      actor: row.actor,
      source: row.details.source ?? null,
      number: row.details.invoice_number ?? null,
      reason: row.details.reason ?? null,
    }));
}

function rowsOf(orderId: number) {
  return ctx.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.id));
}

async function authorisedOrder() {
  const order = await paidOrder();
  const answer = await issue(order.id);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(invoiceOf(answer).state).toBe('authorised');
  return order;
}

const LOST = () => new ProviderError('unavailable', 'tempo esgotado', { answered: false });
const DOWN = () => new ProviderError('unavailable', 'HTTP 503 from api.bling.com.br');

describe('POST /api/admin/orders/{id}/invoice', () => {
  it('is for administrators only', async () => {
    for (const url of ['/api/admin/orders/1/invoice', '/api/admin/orders/1/invoice/cancel']) {
      expect((await ctx.app.inject({ method: 'POST', url })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'POST', url, headers: customer })).statusCode).toBe(
        403,
      );
    }
  });

  it('generates, sends and keeps number, series, access key and links of a paid order', async () => {
    const order = await paidOrder();
    const answer = await issue(order.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const invoice = invoiceOf(answer);
    const [row] = await rowsOf(order.id);
    const nfe = bling.invoices.get(row?.providerInvoiceId ?? '');
    expect(nfe?.salesOrderId).toBe(
      String(fake.salesOrders.find((sale) => sale.numeroLoja === order.order_number)?.id),
    );
    expect(invoice).toEqual({
      id: row?.id,
      state: 'authorised',
      number: nfe?.number,
      series: '1',
      access_key: nfe?.accessKey,
      danfe_url: nfe?.danfeUrl,
      xml_url: nfe?.xmlUrl,
      reason: null,
      last_error: null,
      needs_cancellation: false,
      can_cancel: true,
    });
    expect(invoice.access_key).toHaveLength(44);
    expect(await ctx.app.invoices.shopperInvoiceOf(order.id)).toEqual({
      number: nfe?.number,
      danfe_url: nfe?.danfeUrl,
    });
    const states = await ctx.app.invoices.invoiceStatesOf([order.id, order.id + 10_000]);
    expect([...states]).toEqual([[order.id, 'authorised']]);
    expect(await historyOf(order.id)).toEqual([
      { action: 'invoice_requested', actor: 'admin', source: null, number: null, reason: null },
      {
        action: 'invoice_authorised',
        actor: 'system',
        source: 'bling',
        number: nfe?.number,
        reason: null,
      },
    ]);
  });

  it('refuses unpaid orders, unknown ones and orders Bling has no sale of yet, in pt-BR', async () => {
    const unpaid = await paidOrder({ pay: false, push: false });
    const refused = await issue(unpaid.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorAnswer>().message).toBe(FULFILMENT_MESSAGES.notPaid);
    expect((await issue(999_999)).statusCode).toBe(404);
    expect((await issue(Number.NaN)).statusCode).toBe(404);

    const waiting = await paidOrder({ push: false });
    const early = await issue(waiting.id);
    expect(early.statusCode).toBe(409);
    expect(early.json<ErrorAnswer>().message).toBe(INVOICE_MESSAGES.salesOrderNotYet);
    expect(await rowsOf(waiting.id)).toEqual([]);
    expect(bling.calls.generate).toBe(0);
  });

  it('answers that Bling must be connected when it is not', async () => {
    const order = await paidOrder();
    try {
      const off = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/bling/connection',
        headers: admin,
      });
      expect(off.statusCode).toBe(200);
      const refused = await issue(order.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ErrorAnswer>().message).toBe(FULFILMENT_MESSAGES.blingNotConnected);
      expect(await ctx.app.invoices.status()).toEqual({ available: false, auto_invoice: false });
    } finally {
      await connectBling(ctx.app, admin);
    }
    expect(await ctx.app.invoices.status()).toEqual({ available: true, auto_invoice: false });
  });

  it('generates one NF-e when the button is clicked again while Bling is still answering', async () => {
    const order = await paidOrder();
    const release = bling.holdGenerate();
    const first = Promise.resolve(issue(order.id));
    await waitUntil(() => bling.calls.generate === 1);
    const second = await issue(order.id);
    expect(second.statusCode, second.body).toBe(200);
    expect(invoiceOf(second).state).toBe('requesting');
    release();
    const done = await first;
    expect(done.statusCode, done.body).toBe(200);
    expect(invoiceOf(done).state).toBe('authorised');
    const again = await issue(order.id);
    expect(invoiceOf(again)).toEqual(invoiceOf(done));
    expect(bling.calls.generate).toBe(1);
    expect(bling.invoices.size).toBe(1);
    expect(await rowsOf(order.id)).toHaveLength(1);
  });

  it('generates one NF-e when two administrators ask at the same moment', async () => {
    const order = await paidOrder();
    const release = bling.holdGenerate();
    let answered = 0;
    // Two straight into the service start in the same tick: both find no NF-e, both claim.
    const direct = () =>
      ctx.app.invoices.issue(order.id, null).then((invoice) => ({ statusCode: 200, invoice }));
    const calls = [direct(), direct(), issue(order.id)].map((call) =>
      Promise.resolve(call).then((answer) => {
        answered += 1;
        return answer;
      }),
    );
    // All but the one holding Bling's generate call answer while it is held.
    await waitUntil(() => answered === 2);
    expect(bling.calls.generate).toBe(1);
    release();
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(bling.calls.generate).toBe(1);
    expect(await rowsOf(order.id)).toHaveLength(1);
    expect(invoiceOf(await issue(order.id)).state).toBe('authorised');
    expect(bling.calls.generate).toBe(1);
  });

  it('looks for the NF-e of an unanswered generate call in Bling before generating another', async () => {
    const order = await paidOrder();
    // Bling generated it, and its answer was lost on the way back.
    bling.failNext('generate', LOST(), { acts: true });
    const lost = await issue(order.id);
    expect(lost.statusCode).toBe(503);
    expect(lost.json<ErrorAnswer>().message).toBe(FULFILMENT_MESSAGES.blingDown);
    expect(await rowsOf(order.id)).toMatchObject([
      {
        state: 'requesting',
        uncertain: true,
        providerInvoiceId: null,
        lastError: 'O Bling não respondeu. Tente de novo em alguns minutos.',
      },
    ]);
    expect(bling.invoices.size).toBe(1);

    // An adapter that cannot look it up: the shop refuses to guess.
    bling.findable = false;
    const unsure = await issue(order.id);
    expect(unsure.statusCode).toBe(409);
    expect(unsure.json<ErrorAnswer>().message).toBe(INVOICE_MESSAGES.checkBling);
    expect(bling.calls.generate).toBe(1);

    bling.findable = true;
    const found = await issue(order.id);
    expect(found.statusCode, found.body).toBe(200);
    expect(invoiceOf(found)).toMatchObject({ state: 'authorised', last_error: null });
    expect(bling.calls).toMatchObject({ generate: 1, find: 1, send: 1 });
    const [row] = await rowsOf(order.id);
    expect(row).toMatchObject({
      uncertain: false,
      providerInvoiceId: [...bling.invoices.keys()][0],
    });
  });

  it('lets the poll find that Bling has no NF-e of a lost call, so the next click generates it', async () => {
    const order = await paidOrder();
    // The call never reached Bling, but the shop cannot know.
    bling.failNext('generate', LOST());
    expect((await issue(order.id)).statusCode).toBe(503);
    expect(await rowsOf(order.id)).toMatchObject([{ uncertain: true }]);
    expect(await ctx.app.invoices.pollOpenInvoices()).toMatchObject({ changed: 1, stopped: null });
    expect(await rowsOf(order.id)).toMatchObject([{ uncertain: false, state: 'requesting' }]);
    const answer = await issue(order.id);
    expect(invoiceOf(answer).state).toBe('authorised');
    expect(bling.calls.generate).toBe(2);
    expect(bling.invoices.size).toBe(1);
  });

  it('keeps a rejection with its reason, and sends the NF-e again once corrected in Bling', async () => {
    const order = await paidOrder();
    const reason = 'Rejeição 778: Informado NCM inexistente';
    bling.nextSends({ rejected: reason });
    const rejected = await issue(order.id);
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json<ErrorAnswer>().message).toBe(FULFILMENT_MESSAGES.blingRefused(reason));
    expect(await ctx.app.invoices.invoiceOfOrder(order.id)).toMatchObject({
      state: 'rejected',
      reason,
      last_error: FULFILMENT_MESSAGES.blingRefused(reason),
      number: null,
    });

    bling.nextSends('authorised');
    const resent = await issue(order.id);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(invoiceOf(resent)).toMatchObject({
      state: 'authorised',
      reason: null,
      last_error: null,
    });
    expect(bling.calls).toMatchObject({ generate: 1, send: 2 });
    expect([...bling.invoices.values()][0]?.sends).toBe(2);
    expect((await historyOf(order.id)).map(({ action, reason }) => [action, reason])).toEqual([
      ['invoice_requested', null],
      ['invoice_rejected', reason],
      ['invoice_authorised', null],
    ]);
  });

  it('answers a denied NF-e with its reason, and never sends it again', async () => {
    const order = await paidOrder();
    bling.nextSends({ denied: 'Rejeição 301: Uso Denegado: Irregularidade fiscal do emitente' });
    const denied = await issue(order.id);
    expect(denied.statusCode).toBe(409);
    expect(denied.json<ErrorAnswer>().message).toContain('A SEFAZ denegou a NF-e');
    expect((await issue(order.id)).statusCode).toBe(409);
    expect(bling.calls.send).toBe(1);
  });

  it('waits for SEFAZ, and the poll job records the authorisation', async () => {
    const order = await paidOrder();
    bling.nextSends('processing');
    const sent = await issue(order.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(invoiceOf(sent)).toMatchObject({ state: 'processing', number: null, can_cancel: false });
    const [row] = await rowsOf(order.id);
    bling.decide(row?.providerInvoiceId ?? '', 'authorised');

    await runner!.send(INVOICE_POLL_JOB);
    await waitUntil(async () => (await rowsOf(order.id))[0]?.state === 'authorised');
    const [read] = await rowsOf(order.id);
    expect(read).toMatchObject({ series: '1', lastError: null });
    expect(read?.number).not.toBeNull();
    expect(read?.accessKey).toHaveLength(44);
    expect(read?.danfeUrl).toContain(row?.providerInvoiceId);
    expect(read?.authorisedAt).toBeInstanceOf(Date);
    // Final: the next poll does not ask about it again.
    const gets = bling.calls.get;
    await ctx.app.invoices.pollOpenInvoices();
    expect(bling.calls.get).toBe(gets);
  });

  it('says Bling did not answer, keeps the step reached and goes on from it', async () => {
    const order = await paidOrder();
    bling.failNext('generate', DOWN());
    const down = await issue(order.id);
    expect(down.statusCode).toBe(503);
    expect(down.json<ErrorAnswer>()).toMatchObject({
      message: FULFILMENT_MESSAGES.blingDown,
      code: 'bling_unavailable',
    });
    expect(down.body).not.toContain('HTTP 503');
    expect(await rowsOf(order.id)).toMatchObject([
      { state: 'requesting', uncertain: false, lastError: FULFILMENT_MESSAGES.blingDown },
    ]);

    // Generated this time, but the send does not get through.
    bling.failNext('send', DOWN());
    expect((await issue(order.id)).statusCode).toBe(503);
    const [pending] = await rowsOf(order.id);
    expect(pending).toMatchObject({ state: 'pending', lastError: FULFILMENT_MESSAGES.blingDown });
    expect(pending?.providerInvoiceId).not.toBeNull();

    const done = await issue(order.id);
    expect(invoiceOf(done)).toMatchObject({ state: 'authorised', last_error: null });
    expect(bling.calls.generate).toBe(2);
    expect(bling.invoices.size).toBe(1);
  });

  it('never answers 5xx with internals when the adapter itself breaks', async () => {
    const order = await paidOrder();
    bling.failNext('generate', new TypeError("Cannot read properties of undefined (reading 'id')"));
    const broken = await issue(order.id);
    expect(broken.statusCode).toBe(503);
    expect(broken.json<ErrorAnswer>().message).toBe(FULFILMENT_MESSAGES.blingDown);
    expect(broken.body).not.toContain('Cannot read');
    // It may have acted: looked for first, then generated.
    const answer = await issue(order.id);
    expect(invoiceOf(answer).state).toBe('authorised');
    expect(bling.calls).toMatchObject({ find: 1, generate: 2 });
  });
});

describe('the automatic NF-e', () => {
  async function setAutoInvoice(on: boolean | undefined) {
    const current = (await ctx.app.inject({ url: '/api/admin/settings', headers: admin })).json<{
      settings: Record<string, unknown>;
    }>().settings;
    const { auto_invoice: _previous, ...rest } = current;
    const answer = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin,
      payload: { settings: on === undefined ? rest : { ...rest, auto_invoice: on } },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ settings: { auto_invoice: boolean } }>().settings.auto_invoice;
  }

  it('is a store setting, off by default, kept when a save leaves it out', async () => {
    const read = await ctx.app.inject({ url: '/api/admin/settings', headers: admin });
    expect(read.json<{ settings: { auto_invoice: boolean } }>().settings.auto_invoice).toBe(false);
    try {
      expect(await setAutoInvoice(true)).toBe(true);
      expect(await setAutoInvoice(undefined)).toBe(true);
      const current = read.json<{ settings: Record<string, unknown> }>().settings;
      const wrong = await ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: admin,
        payload: { settings: { ...current, auto_invoice: 'sim' } },
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json<ErrorAnswer>().message).toBe(SETTINGS_MESSAGES.autoInvoice);
      expect(await ctx.app.invoices.status()).toEqual({ available: true, auto_invoice: true });
      // Not a shopper's business.
      const store = await ctx.app.inject({ url: '/api/store' });
      expect(store.json<{ store: object }>().store).not.toHaveProperty('auto_invoice');
    } finally {
      expect(await setAutoInvoice(false)).toBe(false);
    }
  });

  it('issues the NF-e of a paid order once Bling has its sale, when the setting is on', async () => {
    await setAutoInvoice(true);
    try {
      const order = await paidOrder();
      await waitUntil(async () => (await rowsOf(order.id))[0]?.state === 'authorised', 20_000);
      expect(await rowsOf(order.id)).toMatchObject([{ requestedBy: null, state: 'authorised' }]);
      expect((await historyOf(order.id))[0]).toMatchObject({
        action: 'invoice_requested',
        actor: 'system',
        source: 'auto_invoice',
      });
      expect(queued).toContainEqual({
        name: INVOICE_AUTO_ISSUE_JOB,
        data: { order_id: order.id },
      });
    } finally {
      await setAutoInvoice(false);
    }
    const off = await paidOrder();
    expect(
      queued.filter((job) => JSON.stringify(job.data) === JSON.stringify({ order_id: off.id })),
    ).toEqual([]);
    expect(await rowsOf(off.id)).toEqual([]);
  });
});

describe('cancelling an NF-e', () => {
  it('takes a 15 to 255 character justification and cancels within 24 hours', async () => {
    const order = await authorisedOrder();
    for (const body of [{}, { justification: 'curta' }, { justification: 'x'.repeat(256) }]) {
      const refused = await cancel(order.id, body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json<ErrorAnswer>().message).toBe(INVOICE_MESSAGES.justification);
    }
    const justification = 'Pedido cancelado a pedido do cliente antes do envio';
    const cancelled = await cancel(order.id, { justification });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(invoiceOf(cancelled)).toMatchObject({ state: 'cancelled', can_cancel: false });
    expect([...bling.invoices.values()][0]).toMatchObject({ state: 'cancelled', justification });
    const again = await cancel(order.id, { justification });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorAnswer>().message).toBe(INVOICE_MESSAGES.notAuthorised);
    expect(await ctx.app.invoices.shopperInvoiceOf(order.id)).toBeNull();
    expect((await historyOf(order.id)).at(-1)).toMatchObject({
      action: 'invoice_cancelled',
      actor: 'admin',
    });
  });

  it('refuses after 24 hours: the shop issues a return NF-e instead', async () => {
    const order = await authorisedOrder();
    await ctx.database.db
      .update(invoices)
      .set({ authorisedAt: sql`now() - interval '25 hours'` })
      .where(eq(invoices.orderId, order.id));
    expect(await ctx.app.invoices.invoiceOfOrder(order.id)).toMatchObject({
      state: 'authorised',
      can_cancel: false,
    });
    const late = await cancel(order.id, { justification: 'Cliente desistiu da compra depois' });
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorAnswer>().message).toBe(FULFILMENT_MESSAGES.invoiceNotCancellable);
    expect(bling.calls.cancel).toBe(0);
  });

  it('flags an authorised NF-e to cancel once the whole order was refunded', async () => {
    const order = await authorisedOrder();
    const nfe = [...bling.invoices.values()][0];
    const shipped = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/ship`,
      headers: admin,
      payload: { tracking_code: 'AA123456785BR' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    // The shipped e-mail links the DANFE.
    const mails = await ctx.app.outbox.ofOrder(order.id);
    const mail = mails.find((row) => row.kind === 'order_shipped');
    expect(mail?.textBody).toContain(`${INVOICE_MESSAGES.danfeLink}: ${nfe?.danfeUrl}`);
    expect(mail?.htmlBody).toContain(`>${INVOICE_MESSAGES.danfeLink}</a>`);
    expect(await ctx.app.invoices.invoiceOfOrder(order.id)).toMatchObject({
      needs_cancellation: false,
    });

    const refunded = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: admin,
      payload: { e2e_id: 'D18236120202611261530aaaaaaaaaa1', reason: 'Extravio' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await ctx.app.invoices.invoiceOfOrder(order.id)).toMatchObject({
      state: 'authorised',
      needs_cancellation: true,
    });
  });

  it('sends the shipped e-mail without a DANFE when the order has no NF-e', async () => {
    const order = await paidOrder();
    const shipped = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/ship`,
      headers: admin,
      payload: { tracking_code: 'AA123456785BR' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const mail = (await ctx.app.outbox.ofOrder(order.id)).find(
      (row) => row.kind === 'order_shipped',
    );
    expect(mail?.textBody).toContain('AA123456785BR');
    expect(mail?.textBody).not.toContain(INVOICE_MESSAGES.danfeLink);
  });
});
