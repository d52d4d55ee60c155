import { createServer } from 'node:net';
import type { PayByMethodResponse } from '@lumina/shared/payments/payment-by-method';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import { orderEvents, payments } from '../../db/schema/orders.ts';
import { ORDER_MAIL_SUBJECTS } from '../orders/order-mails.ts';
import { refunds } from '../../db/schema/refunds.ts';
import type { UserRow } from '../../db/schema/users.ts';
import {
  type FakeMercadoPagoServer,
  startFakeMercadoPago,
} from '../../integrations/mercadopago/fake-mercadopago-server.ts';
import {
  type FakePixBankServer,
  startFakePixBank,
} from '../../integrations/pix-bank/fake-pix-bank-server.ts';
import { pixBankTestEnv } from '../../integrations/pix-bank/pix-bank-test-env.ts';
import { createTestPki, type TestPki } from '../../integrations/pix-bank/test-pki.ts';
import { returnsFixture, type ReturnsFixture } from '../../test/returns.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createUser } from '../../test/user-builder.ts';
import { mercadoPagoTestEnv } from '../../integrations/mercadopago/mercadopago-test-env.ts';

/**
 * Cards and boletos through MercadoPago (CARD_PAYMENTS) beside another PIX provider: each
 * payment row is created, read, notified and refunded at the provider that made it.
 */

const MP_SECRET = 'mercadopago-secret-beside-pix';
const PIX_SECRET = 'pix-bank-webhook-secret-0123456789abcdef';
const CHAVE = 'financeiro@lumina.example';

const cardBody = (token: string) => ({
  method: 'card',
  token,
  installments: 1,
  payment_method_id: 'master',
  issuer_id: '24',
  payer: { cpf: '529.982.247-25' },
});

/** The env that turns MercadoPago's cards on beside any PIX provider. */
const cardsEnv = (fake: FakeMercadoPagoServer) => ({
  ...mercadoPagoTestEnv(fake, { webhookSecret: MP_SECRET, pix: false }),
  // Short enough for the lost answer below, long enough for a loaded machine's first call.
  MERCADOPAGO_TIMEOUT_MS: '2000',
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An order placed by a new shopper (its PIX charge issued, as the checkout does). */
async function placedOrder(shop: ReturnsFixture) {
  const ring = await shop.ring();
  return shop.placed([{ productId: ring.productId, variantId: ring.eight, quantity: 1 }]);
}

async function rowsOf(ctx: TestContext, orderId: number) {
  return ctx.database.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(payments.id);
}

describe('built-in PIX with MercadoPago cards', () => {
  let ctx: TestContext;
  let fake: FakeMercadoPagoServer;
  let shop: ReturnsFixture;
  let admin: UserRow;
  let webhookUrl: string;

  beforeAll(async () => {
    fake = await startFakeMercadoPago();
    ctx = await createTestContext({
      env: { PAYMENT_PROVIDER: 'pix', PAYMENTS_SANDBOX: 'true', ...cardsEnv(fake) },
    });
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    webhookUrl = `${address}/api/webhooks/mercadopago`;
    shop = returnsFixture(ctx.app, ctx.database);
    admin = await createUser(ctx.database, { role: 'admin', email: 'dona.cards@loja.test' });
  });

  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it('pays by card at MercadoPago, the built-in PIX it supersedes stays ours', async () => {
    const placed = await placedOrder(shop);
    const [pix] = await rowsOf(ctx, placed.order.id);
    expect(pix).toMatchObject({ provider: 'pix_builtin', method: 'pix' });

    const token = await fake.cardToken('APRO');
    const response = await shop.call(
      placed.buyer,
      'POST',
      `/orders/${placed.order.id}/payments`,
      cardBody(token),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PayByMethodResponse>().payment).toMatchObject({
      method: 'card',
      status: 'approved',
    });
    const rows = await rowsOf(ctx, placed.order.id);
    expect(rows.map((row) => [row.provider, row.method, row.status])).toEqual([
      ['pix_builtin', 'pix', 'cancelled'],
      ['mercadopago', 'card', 'approved'],
    ]);
    expect(fake.payments.get(String(rows[1]?.gatewayPaymentId))).toMatchObject({
      status: 'approved',
    });
    expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
      status: 'processing',
      payment_status: 'approved',
    });
  });

  it('applies MercadoPago’s signed webhook for a card in review', async () => {
    const placed = await placedOrder(shop);
    const token = await fake.cardToken('CONT');
    const response = await shop.call(
      placed.buyer,
      'POST',
      `/orders/${placed.order.id}/payments`,
      cardBody(token),
    );
    expect(response.json<PayByMethodResponse>().payment.status).toBe('processing');
    const card = (await rowsOf(ctx, placed.order.id)).at(-1);
    const gatewayId = String(card?.gatewayPaymentId);

    // Unsigned: refused even though MercadoPago is not the PIX provider.
    const unsigned = await fetch(`${webhookUrl}?data.id=${gatewayId}&type=payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'payment', data: { id: gatewayId } }),
    });
    expect(unsigned.status).toBe(401);

    fake.setStatus(gatewayId, 'approved', 'accredited');
    expect((await fake.notify(webhookUrl, gatewayId, { secret: MP_SECRET })).status).toBe(200);
    expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
      status: 'processing',
      payment_status: 'approved',
    });
  });

  it('applies a card whose creation answer was lost, from its notification, once', async () => {
    const placed = await placedOrder(shop);
    const token = await fake.cardToken('APRO');
    fake.failNext(1, 'timeout');
    const lost = await shop.call(
      placed.buyer,
      'POST',
      `/orders/${placed.order.id}/payments`,
      cardBody(token),
    );
    expect(lost.statusCode).toBe(503);
    const orphan = (await rowsOf(ctx, placed.order.id)).at(-1);
    expect(orphan).toMatchObject({ method: 'card', status: 'pending', gatewayPaymentId: null });
    const charge = [...fake.payments.values()].find(
      (payment) => payment.external_reference === placed.order.order_number,
    );
    expect(charge?.status).toBe('approved');

    for (let delivery = 0; delivery < 2; delivery += 1) {
      expect((await fake.notify(webhookUrl, charge!.id, { secret: MP_SECRET })).status).toBe(200);
    }
    const card = (await rowsOf(ctx, placed.order.id)).at(-1);
    expect(card).toMatchObject({
      id: orphan?.id,
      status: 'approved',
      gatewayPaymentId: String(charge?.id),
    });
    expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
      status: 'processing',
      payment_status: 'approved',
    });
  });

  it('gives a paid card back through MercadoPago when the shop cancels the order', async () => {
    const placed = await placedOrder(shop);
    const token = await fake.cardToken('APRO');
    await shop.call(placed.buyer, 'POST', `/orders/${placed.order.id}/payments`, cardBody(token));
    const card = (await rowsOf(ctx, placed.order.id)).at(-1);
    await shop.adminAct(admin, placed.order.id, 'cancel');
    expect(fake.payments.get(String(card?.gatewayPaymentId))?.status).toBe('refunded');
    expect((await rowsOf(ctx, placed.order.id)).at(-1)?.status).toBe('refunded');
    expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
    });
  });

  it('refunds part of a card payment through MercadoPago from the admin order', async () => {
    const placed = await placedOrder(shop);
    const token = await fake.cardToken('APRO');
    await shop.call(placed.buyer, 'POST', `/orders/${placed.order.id}/payments`, cardBody(token));
    const card = (await rowsOf(ctx, placed.order.id)).at(-1);
    expect(card).toMatchObject({ provider: 'mercadopago', status: 'approved' });

    const refunded = await shop.call(admin, 'POST', `/admin/orders/${placed.order.id}/refunds`, {
      amount: 10,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const atMercadoPago = fake.refunds.get(String(card?.gatewayPaymentId)) ?? [];
    expect(atMercadoPago.map((refund) => refund.amount)).toEqual([10]);
    const [row] = await ctx.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, placed.order.id));
    expect(row).toMatchObject({
      method: 'mercadopago',
      status: 'completed',
      amountCents: 1000,
      providerRefundId: String(atMercadoPago[0]?.id),
    });
  });
});

describe('the bank’s API Pix with MercadoPago cards in one shop', () => {
  let ctx: TestContext;
  let fake: FakeMercadoPagoServer;
  let bank: FakePixBankServer;
  let pki: TestPki;
  let shop: ReturnsFixture;
  let shopUrl: string;

  beforeAll(async () => {
    pki = createTestPki();
    bank = await startFakePixBank({
      tls: {
        cert: pki.read(pki.serverCert),
        key: pki.read(pki.serverKey),
        ca: pki.read(pki.caCert),
      },
    });
    fake = await startFakeMercadoPago();
    const port = await freePort();
    shopUrl = `http://127.0.0.1:${port}`;
    ctx = await createTestContext({
      env: {
        ...pixBankTestEnv(bank, pki, { pixKey: CHAVE, webhookSecret: PIX_SECRET }),
        ...cardsEnv(fake),
        APP_URL: shopUrl,
      },
    });
    await ctx.app.listen({ port, host: '127.0.0.1' });
    await vi.waitFor(() => {
      if (!bank.webhooks.has(CHAVE)) throw new Error('webhook not registered yet');
    });
    shop = returnsFixture(ctx.app, ctx.database);
    await createUser(ctx.database, { role: 'admin', email: 'dona.banco@loja.test' });
  });

  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
    await bank?.close();
    pki?.remove();
  });

  it('takes PIX at the bank and cards at MercadoPago, each followed at its own provider', async () => {
    // A PIX at the bank, paid, its webhook applied.
    const byPix = await placedOrder(shop);
    const [cob] = await rowsOf(ctx, byPix.order.id);
    expect(cob).toMatchObject({ provider: 'pix_bank', method: 'pix' });
    expect(bank.cobs.has(String(cob?.gatewayPaymentId))).toBe(true);
    expect((await bank.pay(String(cob?.gatewayPaymentId))).webhook).toEqual([200]);
    expect(await shop.orderOf(byPix.buyer, byPix.order.id)).toMatchObject({
      payment_status: 'approved',
    });

    // A card at MercadoPago: its cob at the bank is removed, the card approved on the webhook.
    const byCard = await placedOrder(shop);
    const [superseded] = await rowsOf(ctx, byCard.order.id);
    const token = await fake.cardToken('CONT');
    const response = await shop.call(
      byCard.buyer,
      'POST',
      `/orders/${byCard.order.id}/payments`,
      cardBody(token),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(bank.cobs.get(String(superseded?.gatewayPaymentId))?.status).toBe(
      'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    );
    const card = (await rowsOf(ctx, byCard.order.id)).at(-1);
    expect(card).toMatchObject({ provider: 'mercadopago', method: 'card', status: 'processing' });
    const gatewayId = String(card?.gatewayPaymentId);
    fake.setStatus(gatewayId, 'approved', 'accredited');
    const notified = await fake.notify(`${shopUrl}/api/webhooks/mercadopago`, gatewayId, {
      secret: MP_SECRET,
    });
    expect(notified.status).toBe(200);
    expect(await shop.orderOf(byCard.buyer, byCard.order.id)).toMatchObject({
      status: 'processing',
      payment_status: 'approved',
    });

    // The bank's reconciliation reads only the bank's charges; the card is not asked there.
    const cobReads = bank.requests.filter((request) => request.path.includes(gatewayId));
    expect(cobReads).toEqual([]);
  });

  it('flags to the owner a cob paid as the card paid the order: the shop refunds it itself', async () => {
    const placed = await placedOrder(shop);
    const [cob] = await rowsOf(ctx, placed.order.id);
    const token = await fake.cardToken('APRO');
    const paid = await shop.call(
      placed.buyer,
      'POST',
      `/orders/${placed.order.id}/payments`,
      cardBody(token),
    );
    expect(paid.json<PayByMethodResponse>().payment.status).toBe('approved');

    // The shopper's bank took the PIX as the removal went through: the bank reports it paid.
    const txid = String(cob?.gatewayPaymentId);
    const atBank = bank.cobs.get(txid);
    if (atBank) atBank.status = 'ATIVA';
    expect((await bank.pay(txid)).webhook).toEqual([200]);

    const rows = await rowsOf(ctx, placed.order.id);
    expect(rows.map((row) => [row.provider, row.status])).toEqual([
      ['pix_bank', 'approved'],
      ['mercadopago', 'approved'],
    ]);
    expect(await shop.orderOf(placed.buyer, placed.order.id)).toMatchObject({
      status: 'processing',
      payment_status: 'approved',
    });
    expect(bank.devolucoes().size).toBe(0);
    const events = await ctx.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, placed.order.id));
    const flagged = events.filter((event) => event.action === 'duplicate_payment');
    expect(flagged.map((event) => event.details)).toEqual([
      expect.objectContaining({ payment_id: cob?.id, refund: 'owner' }),
    ]);
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, placed.order.id));
    expect(mails.filter((mail) => mail.kind === 'payment_approved')).toHaveLength(1);
    expect(
      mails.filter((mail) => mail.kind === 'admin_duplicate_payment').map((mail) => mail.subject),
    ).toEqual([ORDER_MAIL_SUBJECTS.duplicatePayment(placed.order.order_number)]);
  });
});
