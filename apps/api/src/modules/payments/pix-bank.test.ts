import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentEvents, payments } from '../../db/schema/orders.ts';
import {
  type FakePixBankServer,
  startFakePixBank,
} from '../../integrations/pix-bank/fake-pix-bank-server.ts';
import { pixBankTestEnv } from '../../integrations/pix-bank/pix-bank-test-env.ts';
import { createTestPki, type TestPki } from '../../integrations/pix-bank/test-pki.ts';
import {
  startTestSmtpServer,
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
} from '../../test/checkout.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { reconcilePaymentsJob } from './reconcile-payments-job.ts';
import { PIX_PAYMENT_WINDOW_MS } from './service.ts';

const SECRET = 'pix-bank-webhook-secret-0123456789abcdef';
const CHAVE = 'financeiro@lumina.example';

let ctx: TestContext;
let pki: TestPki;
let fake: FakePixBankServer;
let smtp: TestSmtpServer;
let shopUrl: string;
let clock = new Date();
let sequence = 0;
/** Everything the service logged (its logger is app.log), serialised to look for secrets in. */
const logged: string[] = [];

/** A free loopback port, so APP_URL (and the webhook registered at start) names the real one. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function serialise(args: unknown[]): string {
  return JSON.stringify(args, (_key, value: unknown) =>
    value instanceof Error ? { message: value.message, stack: value.stack } : value,
  );
}

beforeAll(async () => {
  pki = createTestPki();
  fake = await startFakePixBank({
    tls: {
      cert: pki.read(pki.serverCert),
      key: pki.read(pki.serverKey),
      ca: pki.read(pki.caCert),
    },
  });
  smtp = await startTestSmtpServer();
  const port = await freePort();
  shopUrl = `http://127.0.0.1:${port}`;
  ctx = await createTestContext({
    env: {
      ...pixBankTestEnv(fake, pki, { pixKey: CHAVE, webhookSecret: SECRET }),
      PIX_BANK_TIMEOUT_MS: '5000',
      SMTP_URL: smtp.url,
      APP_URL: shopUrl,
    },
    now: () => clock,
  });
  for (const level of ['info', 'warn', 'error'] as const) {
    const original = ctx.app.log[level].bind(ctx.app.log);
    vi.spyOn(ctx.app.log, level).mockImplementation((...args: unknown[]) => {
      logged.push(serialise(args));
      Reflect.apply(original, undefined, args);
    });
  }
  await ctx.app.listen({ port, host: '127.0.0.1' });
  // The start registers the webhook at the bank once listening.
  await vi.waitFor(() => {
    if (!fake.webhooks.has(CHAVE)) throw new Error('webhook not registered yet');
  });
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
  await smtp?.close();
  pki?.remove();
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
  pix_data: { qr_code: string; qr_code_base64: string; ticket_url: string | null };
}

async function orderWithPayment(options: { cpf?: string } = {}) {
  const [productId] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Tragus Ouro', price_cents: 12_345, stock_quantity: 10 }),
  ])) as [number];
  const buyer = await shopper(ctx.app, ctx.database);
  await addToCart(ctx.app, buyer.headers, productId, 1);
  sequence += 1;
  const placed = await placeOrder(
    ctx.app,
    buyer.headers,
    checkoutBody({
      customer_email: `banco${sequence}@example.com`,
      customer_cpf: options.cpf ?? '',
    }),
  );
  expect(placed.statusCode).toBe(201);
  const order = placed.json<{ order: { id: number; order_number: string; total_cents: number } }>()
    .order;
  const response = await payOrder(ctx.app, buyer.headers, order.id, {
    payment_method: 'pix',
    frontend_url: shopUrl,
    cep: '01310100',
  });
  expect(response.statusCode).toBe(200);
  return { ...buyer, order, payment: response.json<PaymentJson>() };
}

const statusOf = (headers: object, orderId: number) => orderStatusOf(ctx.app, headers, orderId);

async function eventsOf(txid: string) {
  const [row] = await ctx.database.db.select().from(payments).where(eq(payments.txid, txid));
  const events = await ctx.database.db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, row?.id ?? 0));
  return events.map((event) => [event.source, event.fromStatus, event.toStatus]);
}

function webhook(secret: string, body: unknown) {
  return fetch(`${shopUrl}/api/webhooks/pix/${secret}/pix`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Reais as the API Pix writes them. */
const valor = (cents: number) => (cents / 100).toFixed(2);

describe('PIX through the shop’s bank (API Pix)', () => {
  it('registers APP_URL/api/webhooks/pix/<secret> at the bank when the server listens', () => {
    expect(fake.webhooks.get(CHAVE)).toBe(`${shopUrl}/api/webhooks/pix/${SECRET}`);
  });

  it('issues a cob with the txid, the total, 30 minutes and the payer, and shows its pixCopiaECola', async () => {
    const { order, payment, headers } = await orderWithPayment({ cpf: '529.982.247-25' });
    expect(payment).toMatchObject({ status: 'pending', provider: 'pix_bank', sandbox: false });
    const txid = payment.gateway_payment_id;
    expect(txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    const cob = fake.cobs.get(txid);
    expect(cob).toMatchObject({
      status: 'ATIVA',
      calendario: { expiracao: PIX_PAYMENT_WINDOW_MS / 1000 },
      valor: { original: valor(order.total_cents) },
      chave: CHAVE,
      devedor: { cpf: '52998224725', nome: 'Ana Souza' },
      solicitacaoPagador: expect.stringContaining(order.order_number) as unknown,
    });
    expect(payment.pix_data.qr_code).toBe(cob?.pixCopiaECola);
    expect(payment.pix_data.qr_code_base64).toMatch(/^iVBOR/);
    // Every call to the bank presented the shop's client certificate.
    expect(fake.requests.every((request) => request.authorizedClient)).toBe(true);

    // Loading the PIX page again answers the same charge without a second cob.
    const cobs = fake.cobs.size;
    const again = await payOrder(ctx.app, headers, order.id, {
      payment_method: 'pix',
      frontend_url: shopUrl,
      cep: '01310100',
    });
    expect(again.json<PaymentJson>().gateway_payment_id).toBe(txid);
    expect(fake.cobs.size).toBe(cobs);
  });

  it('leaves the payer out of the cob without a CPF', async () => {
    const { payment } = await orderWithPayment();
    expect(fake.cobs.get(payment.gateway_payment_id)?.devedor).toBeUndefined();
  });

  it('is paid by the bank’s webhook, checked against the cob, once however often it comes', async () => {
    const { headers, order, payment } = await orderWithPayment();
    const paid = await fake.pay(payment.gateway_payment_id, { webhook: 'duplicate' });
    expect(paid.webhook).toEqual([200, 200]);
    expect(await statusOf(headers, order.id)).toMatchObject({
      status: 'processing',
      payment_status: 'approved',
    });
    expect(await eventsOf(payment.gateway_payment_id)).toEqual([
      ['webhook', 'pending', 'approved'],
    ]);
  });

  it('applies a webhook that arrives late, and a lost one through the reconciliation job', async () => {
    const late = await orderWithPayment();
    const lost = await orderWithPayment();
    const delivered = fake.pay(late.payment.gateway_payment_id, { delayMs: 200 });
    await fake.pay(lost.payment.gateway_payment_id, { webhook: 'lost' });
    expect((await delivered).webhook).toEqual([200]);
    expect((await statusOf(lost.headers, lost.order.id)).payment_status).toBe('pending');

    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const job = reconcilePaymentsJob(ctx.app.payments);
    expect(job.schedule).toEqual({ cron: '* * * * *' });
    // PIX_RECONCILE_SECONDS under a minute, as the browser tests run it: a timer, not a cron.
    expect(reconcilePaymentsJob(ctx.app.payments, 5).schedule).toEqual({ everySeconds: 5 });
    await job.run({}, { log } as unknown as Parameters<typeof job.run>[1]);
    expect(await statusOf(lost.headers, lost.order.id)).toMatchObject({
      status: 'processing',
      payment_status: 'approved',
    });
    expect(await eventsOf(lost.payment.gateway_payment_id)).toEqual([
      ['reconciliation', 'pending', 'approved'],
    ]);
    expect(await eventsOf(late.payment.gateway_payment_id)).toEqual([
      ['webhook', 'pending', 'approved'],
    ]);
    // Nothing left open: the next run asks the bank about nothing paid.
    expect((await ctx.app.payments.reconcileOpen()).updated).toBe(0);
  });

  it('refuses a wrong secret and changes nothing; trusts the cob, never the body', async () => {
    const { headers, order, payment } = await orderWithPayment();
    const txid = payment.gateway_payment_id;
    const body = {
      pix: [
        {
          endToEndId: 'E0000000020261127000000000000',
          txid,
          valor: '123.45',
          horario: clock.toISOString(),
        },
      ],
    };
    const reads = () =>
      fake.requests.filter((r) => r.method === 'GET' && r.path.endsWith(txid)).length;
    const before = reads();

    const wrong = await webhook(`${SECRET.slice(0, -1)}X`, body);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as ErrorJson).message).toBe('Endereço de notificação inválido');
    expect((await webhook('curto', { nada: true })).status).toBe(401);
    // A forged notification with the right secret: the cob is still ATIVA, so nothing is paid.
    expect((await webhook(SECRET, body)).status).toBe(200);
    expect(reads()).toBe(before + 1);
    expect(await statusOf(headers, order.id)).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
    });
    expect(await eventsOf(txid)).toEqual([]);
  });

  it('holds a PIX paid with another amount for the shop instead of approving it', async () => {
    const { headers, order, payment } = await orderWithPayment();
    await fake.pay(payment.gateway_payment_id, { amountCents: order.total_cents - 100 });
    expect(await statusOf(headers, order.id)).toMatchObject({
      status: 'pending',
      payment_status: 'processing',
    });
    const [row] = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, payment.payment_id));
    expect(row?.payload).toMatchObject({
      flag: 'amount_mismatch',
      paid_cents: order.total_cents - 100,
      expected_cents: order.total_cents,
    });
  });

  it('cancels the cob at the bank when the 30 minutes are up', async () => {
    const { order, payment } = await orderWithPayment();
    clock = new Date(clock.getTime() + PIX_PAYMENT_WINDOW_MS + 1000);
    await ctx.app.payments.expireOverdue();
    expect(fake.cobs.get(payment.gateway_payment_id)?.status).toBe(
      'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    );
    // The shopper's session is past its life at this clock: the row says it.
    const [row] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, payment.payment_id));
    expect(row?.status).toBe('cancelled');
    expect(order.id).toBe(row?.orderId);
  });

  it('refunds by devolução, once per refund key', async () => {
    const { order, payment } = await orderWithPayment();
    await fake.pay(payment.gateway_payment_id);
    const [row] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, payment.payment_id));
    if (!row) throw new Error('payment row missing');
    const refund = await ctx.app.payments.refundAtProvider(row);
    expect(refund).toMatchObject({ amountCents: order.total_cents, status: 'DEVOLVIDO' });
    expect(await ctx.app.payments.refundAtProvider(row)).toEqual(refund);
    const devolucoes = fake.cobs.get(payment.gateway_payment_id)?.pix?.[0]?.devolucoes;
    expect(devolucoes).toMatchObject([{ id: refund?.refundId, valor: valor(order.total_cents) }]);
  });

  it('answers 503 and keeps the order payable when the bank fails, and logs no secret', async () => {
    const { headers, order } = await (async () => {
      const [productId] = (await insertProducts(ctx.database.db, [
        createProduct({ name: 'Labret Lua', price_cents: 5000, stock_quantity: 5 }),
      ])) as [number];
      const buyer = await shopper(ctx.app, ctx.database);
      await addToCart(ctx.app, buyer.headers, productId, 1);
      const placed = await placeOrder(ctx.app, buyer.headers, checkoutBody());
      return { ...buyer, order: placed.json<{ order: { id: number } }>().order };
    })();
    fake.failNext(1);
    const failed = await payOrder(ctx.app, headers, order.id, {
      payment_method: 'pix',
      frontend_url: shopUrl,
      cep: '01310100',
    });
    expect(failed.statusCode).toBe(503);
    expect(failed.json<ErrorJson>().message).toBe('Erro ao criar pagamento PIX');
    expect((await statusOf(headers, order.id)).status).toBe('pending');

    const everything = [...logged, failed.body].join('\n');
    expect(everything).toMatch(/Banco \(API Pix\)/);
    for (const secret of [
      SECRET,
      fake.clientSecret,
      pki.read(pki.clientKey).toString('utf8').split('\n')[1] ?? 'no key',
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/Bearer [0-9a-f]{20}/);
  });
});
