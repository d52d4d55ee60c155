import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createMercadoPagoClient,
  type MercadoPagoCardPaymentInput,
  type MercadoPagoClient,
} from './mercadopago-client.ts';
import { type FakeMercadoPagoServer, startFakeMercadoPago } from './fake-mercadopago-server.ts';

let fake: FakeMercadoPagoServer;
let client: MercadoPagoClient;

beforeAll(async () => {
  fake = await startFakeMercadoPago();
  client = createMercadoPagoClient({
    baseUrl: fake.url,
    accessToken: fake.accessToken,
    timeoutMs: 5000,
  });
});
afterAll(() => fake?.close());
beforeEach(() => fake.reset());

const payer = { email: 'ana@example.com', firstName: 'Ana', lastName: 'Souza', cpf: '12345678909' };

function card(token: string, more: Partial<MercadoPagoCardPaymentInput> = {}) {
  return {
    amountCents: 30000,
    description: 'Pedido LP1',
    token,
    installments: 3,
    paymentMethodId: 'master',
    issuerId: null,
    payer,
    externalReference: 'LP1',
    notificationUrl: 'https://loja.test/api/webhooks/mercadopago',
    idempotencyKey: `key-${token}`,
    ...more,
  };
}

describe('MercadoPago cards and boleto against the fake', () => {
  it('tokenizes only the test cards with their CVV and expiry', async () => {
    const post = (body: unknown) =>
      fetch(`${fake.url}/v1/card_tokens`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${fake.accessToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const good = {
      card_number: '4235647728025682',
      security_code: '123',
      expiration_month: 11,
      expiration_year: 2030,
      cardholder: { name: 'APRO', identification: { type: 'CPF', number: '12345678909' } },
    };
    const answer = await post(good);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({
      first_six_digits: '423564',
      last_four_digits: '5682',
    });
    expect((await post({ ...good, security_code: '999' })).status).toBe(400);
    expect((await post({ ...good, card_number: '4111111111111111' })).status).toBe(400);
    expect((await post({ ...good, card_number: '375365153556885' })).status).toBe(400);
    expect(
      (await post({ ...good, card_number: '375365153556885', security_code: '1234' })).status,
    ).toBe(201);
  });

  it('approves APRO in 3x with fees and the net amount', async () => {
    const payment = await client.createCardPayment(card(await fake.cardToken('APRO')));
    expect(payment).toMatchObject({
      status: 'approved',
      statusDetail: 'accredited',
      paymentMethodId: 'master',
      installments: 3,
      cardLastFour: '6351',
      feeCents: 1497,
      netReceivedCents: 28503,
      boleto: null,
      pix: null,
    });
  });

  it.each([
    ['OTHE', 'rejected', 'cc_rejected_other_reason'],
    ['CONT', 'in_process', 'pending_contingency'],
    ['CALL', 'rejected', 'cc_rejected_call_for_authorize'],
    ['FUND', 'rejected', 'cc_rejected_insufficient_amount'],
    ['SECU', 'rejected', 'cc_rejected_bad_filled_security_code'],
    ['EXPI', 'rejected', 'cc_rejected_bad_filled_date'],
    ['FORM', 'rejected', 'cc_rejected_bad_filled_other'],
    ['DUPL', 'rejected', 'cc_rejected_duplicated_payment'],
  ])('the holder name %s answers %s/%s', async (holder, status, detail) => {
    const payment = await client.createCardPayment(
      card(await fake.cardToken(holder, 'visa'), { paymentMethodId: 'visa' }),
    );
    expect(payment).toMatchObject({ status, statusDetail: detail, feeCents: 0 });
  });

  it('a token pays once; the same idempotency key answers the same payment', async () => {
    const token = await fake.cardToken('APRO');
    const first = await client.createCardPayment(card(token));
    const again = await client.createCardPayment(card(token));
    expect(again.id).toBe(first.id);
    expect(fake.creations).toBe(1);
    await expect(
      client.createCardPayment(card(token, { idempotencyKey: 'other' })),
    ).rejects.toThrow(/HTTP 400 \(Card token already used\)/);
  });

  it('refuses a brand that is not the card’s and bad instalment counts', async () => {
    await expect(
      client.createCardPayment(card(await fake.cardToken('APRO'), { paymentMethodId: 'visa' })),
    ).rejects.toThrow(/HTTP 400/);
    await expect(
      client.createCardPayment(card(await fake.cardToken('APRO'), { installments: 13 })),
    ).rejects.toThrow(/Invalid installments/);
  });

  it('lists payer costs for an amount and a BIN', async () => {
    const costs = await client.getInstallments(30000, '503143');
    expect(costs).toHaveLength(12);
    expect(costs[0]).toMatchObject({ installments: 1, installmentRate: 0, totalAmount: 300 });
    expect(costs[2]?.installmentRate).toBeGreaterThan(0);
    expect(fake.requests.at(-1)?.query).toEqual({ amount: '300.00', bin: '503143' });
    await expect(client.getInstallments(30000, '999999')).rejects.toThrow(/HTTP 400/);
  });

  it('issues a boleto with its line and PDF, and pays it with a signed notification', async () => {
    const received: string[] = [];
    const receiver = createServer((request, response) => {
      received.push(`${request.url} ${String(request.headers['x-signature'])}`);
      response.end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    try {
      const dueAt = new Date('2026-12-04T12:00:00Z');
      const boleto = await client.createBoletoPayment({
        amountCents: 15990,
        description: 'Pedido LP2',
        payer: {
          ...payer,
          cpf: '12345678909',
          lastName: 'Souza',
          address: {
            zipCode: '01310100',
            street: 'Avenida Paulista',
            number: '1000',
            neighborhood: 'Bela Vista',
            city: 'São Paulo',
            state: 'SP',
          },
        },
        externalReference: 'LP2',
        notificationUrl: `http://127.0.0.1:${port}/hook`,
        dueAt,
        idempotencyKey: 'boleto-1',
      });
      expect(boleto).toMatchObject({ status: 'pending', statusDetail: 'pending_waiting_payment' });
      expect(boleto.boleto?.digitableLine).toMatch(/^\d{47}$/);
      expect(boleto.boleto?.pdfUrl).toContain(`/payments/${boleto.id}/ticket`);
      expect(boleto.dateOfExpiration).toBe('2026-12-04T09:00:00.000-03:00');
      const sent = fake.requests.at(-1)?.body as { payer: { address: Record<string, string> } };
      expect(sent.payer.address).toMatchObject({ federal_unit: 'SP', street_number: '1000' });

      expect((await fake.pay(boleto.id, { secret: 's3cret' })).status).toBe(200);
      expect(received[0]).toMatch(new RegExp(`data.id=${boleto.id}.* ts=\\d+,v1=[0-9a-f]{64}$`));
      expect(await client.getPayment(boleto.id)).toMatchObject({ status: 'approved' });
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('refuses a boleto without the payer address', async () => {
    await expect(
      fetch(`${fake.url}/v1/payments`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${fake.accessToken}`,
          'content-type': 'application/json',
          'x-idempotency-key': 'b',
        },
        body: JSON.stringify({
          transaction_amount: 10,
          payment_method_id: 'bolbradesco',
          payer: { email: 'a@b.c', identification: { type: 'CPF', number: '12345678909' } },
        }),
      }).then((response) => response.status),
    ).resolves.toBe(400);
  });
});
