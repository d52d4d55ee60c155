import { createServer } from 'node:net';
import type { AdminReturnActionResponse } from '@lumina/shared/returns/return-schemas';
import { REFUND_MESSAGES } from '@lumina/shared/returns/return-schemas';
import { formatBRL } from '@lumina/shared/format/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderEvents, payments } from '../../db/schema/orders.ts';
import { refunds } from '../../db/schema/refunds.ts';
import type { UserRow } from '../../db/schema/users.ts';
import {
  type FakePixBankServer,
  startFakePixBank,
} from '../../integrations/pix-bank/fake-pix-bank-server.ts';
import { devolucaoId } from '../../integrations/pix-bank/pix-bank-provider.ts';
import { valorToCents } from '../../integrations/pix-bank/pix-bank-schemas.ts';
import { pixBankTestEnv } from '../../integrations/pix-bank/pix-bank-test-env.ts';
import { createTestPki, type TestPki } from '../../integrations/pix-bank/test-pki.ts';
import {
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import { returnsFixture, type ReturnsFixture, TRACKING } from '../../test/returns.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createUser } from '../../test/user-builder.ts';
import { REFUND_MAIL_SUBJECT } from './refund-mail.ts';
import { PENDING_REFUND_RETRY_MS, refundKey } from './refunds.ts';

/**
 * Refunds of PIX paid through the bank's API Pix: a devolução of the PIX that paid (its E2E id),
 * over mTLS to the fake PSP, keyed by our refund row; finished at once, or later by the bank's
 * webhook or the re-check; refused ones failed and told to the shop.
 */

const SECRET = 'pix-bank-webhook-secret-refunds-0123456789';
const CHAVE = 'financeiro@lumina.example';

let ctx: TestContext;
let pki: TestPki;
let bank: FakePixBankServer;
let smtp: TestSmtpServer;
let shop: ReturnsFixture;
let admin: UserRow;
let clock = new Date();

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  pki = createTestPki();
  bank = await startFakePixBank({
    tls: { cert: pki.read(pki.serverCert), key: pki.read(pki.serverKey), ca: pki.read(pki.caCert) },
  });
  smtp = await startTestSmtpServer();
  const port = await freePort();
  ctx = await createTestContext({
    env: {
      ...pixBankTestEnv(bank, pki, { pixKey: CHAVE, webhookSecret: SECRET }),
      PIX_BANK_TIMEOUT_MS: '5000',
      SMTP_URL: smtp.url,
      APP_URL: `http://127.0.0.1:${port}`,
    },
    now: () => clock,
  });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  await vi.waitFor(() => {
    if (!bank.webhooks.has(CHAVE)) throw new Error('webhook not registered yet');
  });
  shop = returnsFixture(ctx.app, ctx.database);
  admin = await createUser(ctx.database, { role: 'admin', email: 'dona.banco@loja.test' });
});

afterAll(async () => {
  await ctx?.close();
  await bank?.close();
  await smtp?.close();
  pki?.remove();
});

beforeEach(() => {
  clock = new Date();
  bank.devolucaoOutcome = 'DEVOLVIDO';
});

/** An order paid at the (fake) bank, its webhook applied, then shipped and delivered. */
async function paidOrder(options: { quantity?: number; deliver?: boolean } = {}) {
  const ring = await shop.ring();
  const placed = await shop.placed([
    { productId: ring.productId, variantId: ring.eight, quantity: options.quantity ?? 1 },
  ]);
  const txid = placed.payment.gateway_payment_id;
  const paid = await bank.pay(txid);
  expect(paid.webhook).toEqual([200]);
  // A paid order not yet shipped is given back whole by its cancel; these are delivered.
  if (options.deliver !== false) {
    await shop.adminAct(admin, placed.order.id, 'ship', { tracking_code: TRACKING });
    await shop.adminAct(admin, placed.order.id, 'deliver');
  }
  const [payment] = await ctx.database.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, placed.order.id));
  return { ...placed, txid, endToEndId: paid.endToEndId, payment: payment! };
}

const refundOrder = (orderId: number, payload: object = {}) =>
  shop.call(admin, 'POST', `/admin/orders/${orderId}/refunds`, payload);

async function refundRows(orderId: number) {
  return ctx.database.db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(refunds.id);
}

/** The devoluções the bank made of one PIX. */
function devolucoesOf(txid: string) {
  return bank.cobs.get(txid)?.pix?.[0]?.devolucoes ?? [];
}

async function mailsTo(email: string) {
  await ctx.app.outbox.drain();
  return smtp.received.filter((mail) => mail.recipients.includes(email));
}

describe('refunds through the bank’s devolução', () => {
  it('gives part back, then the rest, each a devolução of the PIX that paid, e-mailed', async () => {
    const placed = await paidOrder({ quantity: 2 });
    // The PIX that paid was kept when the payment was approved.
    expect(placed.payment).toMatchObject({ status: 'approved', endToEndId: placed.endToEndId });

    const part = await refundOrder(placed.order.id, { amount: 30 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json<{ message: string }>().message).toBe(REFUND_MESSAGES.done(formatBRL(3000)));
    const [first] = await refundRows(placed.order.id);
    const [devolucao] = devolucoesOf(placed.txid);
    expect(devolucao).toMatchObject({ id: devolucaoId(refundKey(first!)), valor: '30.00' });
    expect(first).toMatchObject({
      method: 'pix_bank',
      status: 'completed',
      amountCents: 3000,
      providerRefundId: devolucao?.id,
      e2eId: devolucao?.rtrId,
    });
    // Asked over mTLS at /pix/{the paying PIX's e2eid}/devolucao/{id}.
    const put = bank.requests.find(
      (request) => request.method === 'PUT' && request.path.includes('/devolucao/'),
    );
    expect(put).toMatchObject({
      authorizedClient: true,
      path: `/api/v2/pix/${placed.endToEndId}/devolucao/${devolucao?.id}`,
    });

    const rest = await refundOrder(placed.order.id);
    expect(rest.statusCode, rest.body).toBe(200);
    const total = valorToCents(bank.cobs.get(placed.txid)!.valor.original);
    expect(devolucoesOf(placed.txid).map((one) => valorToCents(one.valor))).toEqual([
      3000,
      total - 3000,
    ]);
    expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
      payment_status: 'refunded',
    });
    // The bank's word on the cob agrees: a webhook now changes nothing.
    await expect(ctx.app.payments.onProviderNotification('pix_bank', placed.txid)).resolves.toBe(
      'unchanged',
    );

    const mails = (await mailsTo(placed.email)).filter(
      (mail) => mail.subject === REFUND_MAIL_SUBJECT(placed.order.order_number),
    );
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).toContain(
      `Devolvemos ${formatBRL(3000)} do pedido ${placed.order.order_number}, pago com PIX.`,
    );
    expect(mails[0]?.text).toContain('O valor volta por PIX para a conta de onde veio o pagamento');
  });

  it('two administrators at once: one devolução, one refund', async () => {
    const placed = await paidOrder();
    const answers = await Promise.all([refundOrder(placed.order.id), refundOrder(placed.order.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(devolucoesOf(placed.txid)).toHaveLength(1);
    expect((await refundRows(placed.order.id)).map((row) => row.status)).toEqual(['completed']);
  });

  it('waits for the bank’s webhook when the devolução is in processing; a retry never doubles it', async () => {
    bank.devolucaoOutcome = 'EM_PROCESSAMENTO';
    const placed = await paidOrder();
    const clicked = await refundOrder(placed.order.id);
    expect(clicked.statusCode, clicked.body).toBe(200);
    const amount = formatBRL(placed.payment.amountCents);
    expect(clicked.json<{ message: string }>().message).toBe(
      REFUND_MESSAGES.bankProcessing(amount),
    );
    const [pending] = await refundRows(placed.order.id);
    expect(pending).toMatchObject({ status: 'pending', method: 'pix_bank' });
    // Nothing else is refunded meanwhile, and the shopper is told only once the money is back.
    expect((await refundOrder(placed.order.id)).statusCode).toBe(409);
    expect(
      (await mailsTo(placed.email)).filter((mail) => mail.subject.startsWith('Reembolso')),
    ).toEqual([]);

    // A retry a minute later asks with the same devolução id: the bank answers the same one.
    clock = new Date(clock.getTime() + PENDING_REFUND_RETRY_MS + 1000);
    const retried = await refundOrder(placed.order.id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(devolucoesOf(placed.txid)).toHaveLength(1);

    const [devolucao] = devolucoesOf(placed.txid);
    expect(await bank.settleDevolucao(devolucao!.id, 'DEVOLVIDO')).toEqual([200]);
    const [done] = await refundRows(placed.order.id);
    expect(done).toMatchObject({ status: 'completed', e2eId: devolucao?.rtrId });
    expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
      payment_status: 'refunded',
    });
    expect(
      (await mailsTo(placed.email)).filter((mail) => mail.subject.startsWith('Reembolso')),
    ).toHaveLength(1);
    // The same notification again finds nothing pending.
    expect(await bank.settleDevolucao(devolucao!.id, 'DEVOLVIDO').catch(() => 'final')).toBe(
      'final',
    );
  });

  it('finishes a devolução whose webhook was lost through the reconciliation', async () => {
    bank.devolucaoOutcome = 'EM_PROCESSAMENTO';
    const placed = await paidOrder();
    expect((await refundOrder(placed.order.id, { amount: 10 })).statusCode).toBe(200);
    const [devolucao] = devolucoesOf(placed.txid);
    expect(await bank.settleDevolucao(devolucao!.id, 'DEVOLVIDO', { webhook: 'lost' })).toEqual([]);
    await ctx.app.payments.reconcileOpen();
    expect((await refundRows(placed.order.id)).map((row) => row.status)).toEqual(['completed']);
    expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
      payment_status: 'approved',
      refunded_total: 10,
    });
  });

  it('a devolução the bank does not make: failed, the admin told, nothing e-mailed', async () => {
    bank.devolucaoOutcome = 'NAO_REALIZADO';
    const placed = await paidOrder();
    const refused = await refundOrder(placed.order.id);
    expect(refused.statusCode).toBe(503);
    expect(refused.json<ErrorJson>().message).toBe(REFUND_MESSAGES.bankFailed);
    expect((await refundRows(placed.order.id)).map((row) => row.status)).toEqual(['failed']);

    // Later, in processing first and refused by the bank afterwards (its webhook).
    bank.devolucaoOutcome = 'EM_PROCESSAMENTO';
    expect((await refundOrder(placed.order.id)).statusCode).toBe(200);
    const devolucao = devolucoesOf(placed.txid).find((one) => one.status === 'EM_PROCESSAMENTO');
    expect(await bank.settleDevolucao(devolucao!.id, 'NAO_REALIZADO')).toEqual([200]);
    const rows = await refundRows(placed.order.id);
    expect(rows.map((row) => row.status)).toEqual(['failed', 'failed']);
    expect(rows[1]?.error).toBe('Conta do pagador encerrada');
    const noted = await ctx.database.db
      .select()
      .from(orderEvents)
      .where(
        and(eq(orderEvents.orderId, placed.order.id), eq(orderEvents.action, 'refund_failed')),
      );
    expect(noted).toHaveLength(1);
    expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
      payment_status: 'approved',
    });
    expect(
      (await mailsTo(placed.email)).filter((mail) => mail.subject.startsWith('Reembolso')),
    ).toEqual([]);
  });

  it('refunds a withdrawal by devolução, the request refunded when the bank finishes', async () => {
    const placed = await paidOrder({ quantity: 2 });
    const order = await shop.orderOf(placed.buyer, placed.order.id);
    const created = await shop.call(placed.buyer, 'POST', `/orders/${placed.order.id}/returns`, {
      return: { type: 'withdrawal', items: [{ order_item_id: order.items[0]!.id, quantity: 1 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json<{ return: { id: number; items: { id: number }[] } }>().return;
    const received = await shop.call(admin, 'POST', `/admin/returns/${request.id}/receive`, {
      items: [{ return_item_id: request.items[0]!.id, resellable: true }],
    });
    expect(received.statusCode, received.body).toBe(200);

    bank.devolucaoOutcome = 'EM_PROCESSAMENTO';
    const refunded = await shop.call(admin, 'POST', `/admin/returns/${request.id}/refund`, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<AdminReturnActionResponse>().return.status).toBe('received');

    const [devolucao] = devolucoesOf(placed.txid);
    // What the returned unit cost paid by PIX.
    expect(devolucao?.valor).toBe('90.00');
    expect(await bank.settleDevolucao(devolucao!.id, 'DEVOLVIDO')).toEqual([200]);
    const after = await shop.call(admin, 'GET', `/admin/returns/${request.id}`);
    expect(after.json<{ status: string }>().status).toBe('refunded');
    expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
      status: 'partially_returned',
      refunds: [{ amount: 90, method: 'pix_bank' }],
    });
  });
});
