import type { AdminOrderDetail } from '@lumina/shared/admin/admin-orders';
import type { OrderStatusResponse } from '@lumina/shared/orders/order-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeBlingServer,
  startFakeBlingServer,
} from '../../integrations/bling/fake-bling-server.ts';
import {
  type FakeMercadoPagoServer,
  FAKE_TEST_CARDS,
  startFakeMercadoPago,
} from '../../integrations/mercadopago/fake-mercadopago-server.ts';
import {
  type ReceivedMail,
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import { addToCart, checkoutBody, placeOrder, shopper } from '../../test/checkout.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { connectBling } from '../../test/bling-connection.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';
import { ORDER_MAIL_SUBJECTS } from './order-mails.ts';
import { mercadoPagoTestEnv } from '../../integrations/mercadopago/mercadopago-test-env.ts';

/**
 * How an order was paid, read back everywhere it is shown: the shopper's order, the panel's
 * order with the provider's fee and net, the approved e-mail and the Bling sales order. Orders
 * are paid by card through the fake MercadoPago, e-mails reach a real SMTP server and the sales
 * order the fake Bling.
 */

const SECRET = 'webhook-secret-for-tests';
const CALLBACK = 'http://127.0.0.1/api/bling/oauth/callback';
const CARD_LINE = 'Cartão de crédito Mastercard final 6351 · 3x';
const CARD_PHRASE = 'Cartão de crédito Mastercard final 6351 em 3x';

let ctx: TestContext;
let mercadoPago: FakeMercadoPagoServer;
let bling: FakeBlingServer;
let smtp: TestSmtpServer;
let webhookUrl: string;
let admin: Record<string, string>;
let sequence = 0;

beforeAll(async () => {
  mercadoPago = await startFakeMercadoPago();
  bling = await startFakeBlingServer({ redirectUri: CALLBACK });
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({
    env: {
      ...mercadoPagoTestEnv(mercadoPago, { webhookSecret: SECRET }),
      MERCADOPAGO_TIMEOUT_MS: '5000',
      BLING_CLIENT_ID: bling.clientId,
      BLING_CLIENT_SECRET: bling.clientSecret,
      BLING_API_URL: bling.apiUrl,
      BLING_AUTH_URL: bling.authUrl,
      BLING_TOKEN_KEY: 'b'.repeat(64),
      BLING_TIMEOUT_MS: '2000',
      SMTP_URL: smtp.url,
      APP_URL: 'https://loja.test',
    },
    testLoopbackPorts: [Number(new URL(bling.url).port)],
  });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `${address}/api/webhooks/mercadopago`;
  const owner = await createUser(ctx.database, { role: 'admin' });
  admin = bearerHeader((await signIn(ctx.app, owner)).access_token);
  await connectBling(ctx.app, admin);
});

afterAll(async () => {
  await ctx?.close();
  await mercadoPago?.close();
  await bling?.close();
  await smtp?.close();
});

/** An order of two pieces of R$ 80,00 plus shipping, placed by a new shopper. */
async function placedOrder() {
  const [productId] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Lua', price_cents: 8000, stock_quantity: 10 }),
  ])) as [number];
  const buyer = await shopper(ctx.app, ctx.database);
  await addToCart(ctx.app, buyer.headers, productId, 2);
  sequence += 1;
  const email = `shown${sequence}@example.com`;
  const placed = await placeOrder(
    ctx.app,
    buyer.headers,
    checkoutBody({ customer_email: email, customer_cpf: '529.982.247-25' }),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<{ order: { id: number; order_number: string; total_cents: number } }>()
    .order;
  return { headers: buyer.headers, email, order };
}

async function payBy(headers: object, orderId: number, body: object) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payments`,
    headers: { ...headers },
    payload: body,
  });
}

async function payByCard(headers: object, orderId: number, holder: string, card = 'master') {
  const token = await mercadoPago.cardToken(holder, card as keyof typeof FAKE_TEST_CARDS);
  const response = await payBy(headers, orderId, {
    method: 'card',
    token,
    installments: 3,
    payment_method_id: card,
    issuer_id: '24',
    payer: { cpf: '529.982.247-25' },
  });
  return { token, response };
}

async function shopperOrder(headers: object, orderId: number) {
  const response = await ctx.app.inject({ url: `/api/orders/${orderId}`, headers: { ...headers } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderStatusResponse>().order;
}

async function adminOrder(orderId: number) {
  const response = await ctx.app.inject({ url: `/api/admin/orders/${orderId}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminOrderDetail>();
}

function approvedMailTo(email: string, orderNumber: string): ReceivedMail | undefined {
  return smtp.received.find(
    (mail) =>
      mail.recipients.includes(email) && mail.subject === ORDER_MAIL_SUBJECTS.approved(orderNumber),
  );
}

describe('an order paid by card in 3x, after a refused card', () => {
  it('shows the card everywhere, with the fee and net in the panel only', async () => {
    const { headers, email, order } = await placedOrder();
    const refused = await payByCard(headers, order.id, 'FUND', 'visa');
    expect(refused.response.statusCode).toBe(422);
    const { token, response } = await payByCard(headers, order.id, 'APRO');
    expect(response.statusCode, response.body).toBe(200);

    // The shopper: the method's line, paid, no boleto, nothing of the card beyond brand and end.
    const mine = await shopperOrder(headers, order.id);
    const { paid_at: paidAt, ...payment } = mine.payment ?? { paid_at: null };
    expect(paidAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(payment).toEqual({
      method: 'card',
      label: CARD_LINE,
      status: 'approved',
      status_detail: 'accredited',
      installments: 3,
      card_brand: 'master',
      card_last_four: '6351',
      boleto: null,
    });
    const shown = JSON.stringify(mine);
    expect(shown).not.toContain(FAKE_TEST_CARDS.master.number);
    expect(shown).not.toContain(token);
    expect(shown).not.toMatch(/fee|net_cents/);

    // The panel: the same line, the provider's fee and net, and both attempts with their detail.
    // A card pays the list prices: the order was re-priced from its PIX total.
    const charged = mine.total_cents;
    expect(charged).toBeGreaterThan(order.total_cents);
    const detail = await adminOrder(order.id);
    expect(detail.order.payment?.label).toBe(CARD_LINE);
    const fee = Math.round(charged * 0.0499);
    expect(detail.payments).toHaveLength(2);
    expect(detail.payments[0]).toMatchObject({
      method: 'card',
      label: CARD_LINE,
      status: 'approved',
      status_detail: 'accredited',
      status_message: 'Pagamento aprovado.',
      amount_cents: charged,
      fee_cents: fee,
      fee: fee / 100,
      net_cents: charged - fee,
      net: (charged - fee) / 100,
    });
    expect(detail.payments[1]).toMatchObject({
      method: 'card',
      label: 'Cartão de crédito Visa final 5682 · 3x',
      status: 'rejected',
      status_detail: 'cc_rejected_insufficient_amount',
      status_message: 'Saldo insuficiente no cartão.',
      fee_cents: null,
      net_cents: null,
    });
    expect(JSON.stringify(detail)).not.toContain(FAKE_TEST_CARDS.master.number);

    // The approved e-mail names the card, its end and the instalments.
    await ctx.app.outbox.drain();
    const mail = approvedMailTo(email, order.order_number);
    expect(mail?.text).toContain(`Pago com cartão de crédito Mastercard final 6351 em 3x.`);
    expect(mail?.html).toContain(`Pago com cartão de crédito Mastercard final 6351 em 3x.`);

    // Bling's sales order: the method in its note and its one instalment.
    expect(await ctx.app.erp.pushSalesOrders()).toMatchObject({ sent: 1, failed: 0 });
    const sent = bling.salesOrders.find((sale) => sale.numeroLoja === order.order_number);
    const note = String(sent?.body.observacoes);
    expect(note.startsWith(`Pedido ${order.order_number} da loja`)).toBe(true);
    expect(note.endsWith(`. Pagamento: ${CARD_PHRASE}.`)).toBe(true);
    expect(sent?.body.parcelas).toMatchObject([{ valor: charged / 100, observacoes: CARD_PHRASE }]);
    const posted = JSON.stringify(sent?.body);
    expect(posted).not.toContain(FAKE_TEST_CARDS.master.number);
    expect(posted).not.toContain(token);
  });

  it('lists a refund with its method for the shopper', async () => {
    const { headers, order } = await placedOrder();
    expect((await payByCard(headers, order.id, 'APRO')).response.statusCode).toBe(200);
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: admin,
      payload: { amount: 10, reason: 'Peça com defeito' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const mine = await shopperOrder(headers, order.id);
    expect(mine.refunds).toEqual([
      expect.objectContaining({ amount_cents: 1000, method: 'mercadopago' }),
    ]);
    expect(mine.payment?.label).toBe(CARD_LINE);
  });
});

describe('an order with an open boleto', () => {
  it('shows its line, PDF and due date until it is paid; then the e-mail names the boleto', async () => {
    const { headers, email, order } = await placedOrder();
    expect((await payBy(headers, order.id, { method: 'boleto' })).statusCode).toBe(200);
    const open = await shopperOrder(headers, order.id);
    expect(open.payment).toMatchObject({
      method: 'boleto',
      label: 'Boleto bancário',
      status: 'pending',
      installments: null,
      card_brand: null,
      card_last_four: null,
      paid_at: null,
    });
    expect(open.payment?.boleto?.digitable_line).toMatch(/^\d{47}$/);
    expect(open.payment?.boleto?.pdf_url).toContain(mercadoPago.url);
    expect(new Date(open.payment?.boleto?.due_date ?? '').getTime()).toBeGreaterThan(Date.now());

    const detail = await adminOrder(order.id);
    const gatewayId = detail.payments[0]?.gateway_payment_id ?? '';
    expect((await mercadoPago.pay(gatewayId, { secret: SECRET }, webhookUrl)).status).toBe(200);
    const paid = await shopperOrder(headers, order.id);
    expect(paid.payment).toMatchObject({ label: 'Boleto bancário', status: 'approved' });
    // Paid: the line to pay is gone.
    expect(paid.payment?.boleto).toBeNull();
    expect((await adminOrder(order.id)).payments[0]).toMatchObject({
      fee_cents: 349,
      net_cents: paid.total_cents - 349,
    });
    await ctx.app.outbox.drain();
    expect(approvedMailTo(email, order.order_number)?.text).toContain('Pago com boleto bancário.');
  });
});
