import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PayByMethodResponse } from '@lumina/shared/payments/payment-by-method';
import { payments } from '../../db/schema/orders.ts';
import {
  type FakeMercadoPagoServer,
  startFakeMercadoPago,
} from '../../integrations/mercadopago/fake-mercadopago-server.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import {
  addToCart,
  checkoutBody,
  orderOf,
  orderStatusOf,
  placeOrder,
  shopper,
} from '../../test/checkout.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { mercadoPagoTestEnv } from '../../integrations/mercadopago/mercadopago-test-env.ts';

const SECRET = 'webhook-secret-for-tests';

let ctx: TestContext;
let fake: FakeMercadoPagoServer;
let webhookUrl: string;
let sequence = 0;

beforeAll(async () => {
  fake = await startFakeMercadoPago();
  ctx = await createTestContext({
    env: {
      ...mercadoPagoTestEnv(fake, { webhookSecret: SECRET }),
      MERCADOPAGO_TIMEOUT_MS: '5000',
    },
  });
  // Real HTTP from the fake to the API, as MercadoPago's notifications arrive.
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `${address}/api/webhooks/mercadopago`;
  fake.reset();
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

beforeEach(() => {
  fake.requests.length = 0;
});

/** An order of R$ 80,00 a piece plus shipping; the default rules take instalments of R$ 20,00. */
async function placedOrder(options: { quantity?: number; cpf?: string } = {}) {
  const [productId] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Lua', price_cents: 8000, stock_quantity: 10 }),
  ])) as [number];
  const buyer = await shopper(ctx.app, ctx.database);
  await addToCart(ctx.app, buyer.headers, productId, options.quantity ?? 1);
  sequence += 1;
  const placed = await placeOrder(
    ctx.app,
    buyer.headers,
    checkoutBody({
      customer_email: `card${sequence}@example.com`,
      ...(options.cpf ? { customer_cpf: options.cpf } : {}),
    }),
  );
  expect(placed.statusCode).toBe(201);
  const order = placed.json<{ order: { id: number; order_number: string; total_cents: number } }>()
    .order;
  return { ...buyer, order };
}

function payBy(headers: object, orderId: number, body: object) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payments`,
    headers: { ...headers },
    payload: body,
  });
}

const cardBody = (token: string, more: object = {}) => ({
  method: 'card',
  token,
  installments: 3,
  payment_method_id: 'master',
  issuer_id: '24',
  payer: { cpf: '529.982.247-25' },
  ...more,
});

const statusOf = (headers: object, orderId: number) => orderStatusOf(ctx.app, headers, orderId);

async function rowsOf(orderId: number) {
  return ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));
}

type RejectedJson = ErrorJson & { code: string; payment: PayByMethodResponse['payment'] };

describe('POST /api/orders/:id/payments with a card', () => {
  it('approves 3x: the amount is the order’s, the order is paid, fee and net are kept', async () => {
    const { headers, order } = await placedOrder({ quantity: 2 });
    const token = await fake.cardToken('APRO');
    // A tampered amount in the body is not read: MercadoPago gets the order's total.
    const response = await payBy(headers, order.id, cardBody(token, { transaction_amount: 1 }));
    expect(response.statusCode).toBe(200);
    const { payment } = response.json<PayByMethodResponse>();
    expect(payment).toMatchObject({
      method: 'card',
      status: 'approved',
      status_detail: 'accredited',
      message: 'Pagamento aprovado.',
      installments: 3,
      card: { brand: 'master', last_four: '6351' },
    });
    // A card pays the list prices: the order was re-priced for it.
    const priced = await orderOf(ctx.app, headers, order.id);
    expect(priced).toMatchObject({ payment_method: 'card' });
    expect(priced.total_cents).toBe(order.total_cents + 2 * (8000 - 7600));
    const creation = fake.requests.find((request) => request.path === '/v1/payments');
    expect(creation?.body).toMatchObject({
      transaction_amount: priced.total_cents / 100,
      installments: 3,
      token,
      payment_method_id: 'master',
      issuer_id: '24',
      external_reference: order.order_number,
      payer: { identification: { type: 'CPF', number: '52998224725' } },
    });
    expect(creation?.headers['x-idempotency-key']).toMatch(new RegExp(`^lumina-card-${order.id}-`));
    expect(await statusOf(headers, order.id)).toMatchObject({
      status: 'processing',
      payment_status: 'approved',
    });
    const [row] = await rowsOf(order.id);
    const fee = Math.round(priced.total_cents * 0.0499);
    expect(row).toMatchObject({ feeCents: fee, netCents: priced.total_cents - fee });
  });

  it('a refused card answers 422 with its pt-BR message; the order stays payable and another card pays', async () => {
    const { headers, order } = await placedOrder();
    const refused = await payBy(headers, order.id, cardBody(await fake.cardToken('FUND')));
    expect(refused.statusCode).toBe(422);
    const body = refused.json<RejectedJson>();
    expect(body).toMatchObject({
      code: 'payment_rejected',
      message: 'Saldo insuficiente no cartão.',
      payment: { status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' },
    });
    expect(await statusOf(headers, order.id)).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
    });

    const security = await payBy(headers, order.id, cardBody(await fake.cardToken('SECU')));
    expect(security.json<RejectedJson>().message).toBe('Código de segurança inválido.');

    const retried = await payBy(headers, order.id, cardBody(await fake.cardToken('APRO')));
    expect(retried.statusCode).toBe(200);
    expect(retried.json<PayByMethodResponse>().payment.status).toBe('approved');
    expect(await statusOf(headers, order.id)).toMatchObject({ payment_status: 'approved' });
    expect((await rowsOf(order.id)).map((row) => row.status).sort()).toEqual([
      'approved',
      'rejected',
      'rejected',
    ]);
  });

  it('a card in review waits for the webhook, which pays the order once', async () => {
    const { headers, order } = await placedOrder();
    const response = await payBy(headers, order.id, cardBody(await fake.cardToken('CONT')));
    expect(response.statusCode).toBe(200);
    const { payment } = response.json<PayByMethodResponse>();
    expect(payment).toMatchObject({ status: 'processing', status_detail: 'pending_contingency' });
    expect(await statusOf(headers, order.id)).toMatchObject({
      status: 'pending',
      payment_status: 'processing',
    });
    // Another attempt while one is in review is refused, not charged.
    const again = await payBy(headers, order.id, cardBody(await fake.cardToken('APRO')));
    expect(again.statusCode).toBe(409);

    const [row] = await rowsOf(order.id);
    fake.setStatus(String(row?.gatewayPaymentId), 'approved');
    expect(
      (await fake.notify(webhookUrl, String(row?.gatewayPaymentId), { secret: SECRET })).status,
    ).toBe(200);
    expect(
      (await fake.notify(webhookUrl, String(row?.gatewayPaymentId), { secret: SECRET })).status,
    ).toBe(200);
    expect(await statusOf(headers, order.id)).toMatchObject({
      status: 'processing',
      payment_status: 'approved',
    });
  });

  it('refuses instalments beyond the shop’s rules without asking MercadoPago', async () => {
    const { headers, order } = await placedOrder();
    // About R$ 100: instalments of at least R$ 20,00 allow 5 at most, never 12.
    const response = await payBy(
      headers,
      order.id,
      cardBody(await fake.cardToken('APRO'), { installments: 12 }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorJson & { code: string }>()).toMatchObject({
      code: 'invalid_installments',
      message: expect.stringMatching(/^Escolha de 1 a \d parcelas para este valor\.$/) as string,
    });
    expect(fake.requests.filter((request) => request.path === '/v1/payments')).toHaveLength(0);
    expect(await rowsOf(order.id)).toHaveLength(0);
  });

  it('a token already used for another order is refused; the order stays payable', async () => {
    const first = await placedOrder();
    const second = await placedOrder();
    const token = await fake.cardToken('APRO');
    expect((await payBy(first.headers, first.order.id, cardBody(token))).statusCode).toBe(200);
    const reused = await payBy(second.headers, second.order.id, cardBody(token));
    expect(reused.statusCode).toBe(422);
    expect(reused.json<ErrorJson & { code: string }>()).toMatchObject({
      code: 'card_refused',
      message: 'Não foi possível pagar com este cartão. Confira os dados ou use outro cartão.',
    });
    expect(await statusOf(second.headers, second.order.id)).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
    });
  });

  it('a double submit makes one payment', async () => {
    const { headers, order } = await placedOrder();
    const token = await fake.cardToken('APRO');
    const creations = fake.creations;
    const answers = await Promise.all([
      payBy(headers, order.id, cardBody(token)),
      payBy(headers, order.id, cardBody(token)),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const ids = answers.map((answer) => answer.json<PayByMethodResponse>().payment.id);
    expect(ids[0]).toBe(ids[1]);
    expect(fake.creations).toBe(creations + 1);
    expect(await rowsOf(order.id)).toHaveLength(1);
  });

  it('answers only the order’s owner, and checks the body in pt-BR', async () => {
    const { order } = await placedOrder();
    const stranger = await shopper(ctx.app, ctx.database);
    const response = await payBy(
      stranger.headers,
      order.id,
      cardBody(await fake.cardToken('APRO')),
    );
    expect(response.statusCode).toBe(404);
    const mine = await placedOrder();
    const bad = await payBy(
      mine.headers,
      mine.order.id,
      cardBody('tok', { payer: { cpf: '123' } }),
    );
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('CPF inválido');
  });
});

describe('POST /api/orders/:id/payments with a boleto', () => {
  it('issues the boleto with the order’s CPF and address, then the paid webhook pays the order', async () => {
    const { headers, order } = await placedOrder({ cpf: '529.982.247-25' });
    const response = await payBy(headers, order.id, { method: 'boleto' });
    expect(response.statusCode).toBe(200);
    const { payment } = response.json<PayByMethodResponse>();
    expect(payment).toMatchObject({
      method: 'boleto',
      status: 'pending',
      status_detail: 'pending_waiting_payment',
    });
    expect(payment.boleto?.digitable_line).toMatch(/^\d{47}$/);
    expect(payment.boleto?.pdf_url).toContain(fake.url);
    expect(payment.boleto?.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const priced = await orderOf(ctx.app, headers, order.id);
    expect(priced.total_cents).toBe(order.total_cents + (8000 - 7600));
    const creation = fake.requests.find((request) => request.path === '/v1/payments');
    expect(creation?.body).toMatchObject({
      payment_method_id: 'bolbradesco',
      transaction_amount: priced.total_cents / 100,
      payer: {
        first_name: 'Ana',
        last_name: 'Souza',
        identification: { type: 'CPF', number: '52998224725' },
        address: { zip_code: '01310100', street_name: 'Rua Augusta', federal_unit: 'SP' },
      },
    });
    // Asking again answers the same boleto.
    const again = await payBy(headers, order.id, { method: 'boleto' });
    expect(again.json<PayByMethodResponse>().payment.id).toBe(payment.id);
    expect(await statusOf(headers, order.id)).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
    });

    const [row] = await rowsOf(order.id);
    expect(
      (await fake.pay(String(row?.gatewayPaymentId), { secret: SECRET }, webhookUrl)).status,
    ).toBe(200);
    expect(await statusOf(headers, order.id)).toMatchObject({
      status: 'processing',
      payment_status: 'approved',
    });
    const [paid] = await rowsOf(order.id);
    expect(paid).toMatchObject({
      status: 'approved',
      feeCents: 349,
      netCents: priced.total_cents - 349,
    });
  });

  it('needs a CPF on the order', async () => {
    const { headers, order } = await placedOrder();
    const response = await payBy(headers, order.id, { method: 'boleto' });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorJson>().message).toMatch(/CPF válido/);
  });
});

describe('without MercadoPago', () => {
  it('card and boleto are unavailable', async () => {
    const pixOnly = await createTestContext();
    try {
      const [productId] = (await insertProducts(pixOnly.database.db, [
        createProduct({ name: 'Argola Sol', price_cents: 8000, stock_quantity: 10 }),
      ])) as [number];
      const buyer = await shopper(pixOnly.app, pixOnly.database);
      await addToCart(pixOnly.app, buyer.headers, productId, 1);
      const placed = await placeOrder(
        pixOnly.app,
        buyer.headers,
        checkoutBody({ customer_cpf: '529.982.247-25' }),
      );
      const orderId = placed.json<{ order: { id: number } }>().order.id;
      const card = await pixOnly.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/payments`,
        headers: buyer.headers,
        payload: cardBody('tok'),
      });
      expect(card.statusCode).toBe(422);
      expect(card.json<ErrorJson>().message).toBe('Pagamento com cartão indisponível');
      const pix = await pixOnly.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/payments`,
        headers: buyer.headers,
        payload: { method: 'pix' },
      });
      expect(pix.statusCode).toBe(200);
      expect(pix.json<PayByMethodResponse>().payment).toMatchObject({
        method: 'pix',
        status: 'pending',
      });
    } finally {
      await pixOnly.close();
    }
  });
});
