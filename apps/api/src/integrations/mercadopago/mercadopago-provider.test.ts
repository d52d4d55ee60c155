import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeMercadoPagoServer, startFakeMercadoPago } from './fake-mercadopago-server.ts';
import { createMercadoPagoClient } from './mercadopago-client.ts';
import {
  createMercadoPagoProvider,
  mapMercadoPagoStatus,
  splitPayerName,
} from './mercadopago-provider.ts';
import {
  type CreatePixPaymentInput,
  PaymentProviderError,
  type PaymentProvider,
} from '../payments/provider.ts';

let fake: FakeMercadoPagoServer;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeMercadoPago();
  provider = createMercadoPagoProvider(
    createMercadoPagoClient({ baseUrl: fake.url, accessToken: fake.accessToken, timeoutMs: 2_000 }),
  );
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.reset();
});

function createInput(overrides: Partial<CreatePixPaymentInput> = {}): CreatePixPaymentInput {
  return {
    paymentId: 41,
    orderId: 7,
    orderNumber: 'LP000123',
    amountCents: 8_990,
    description: 'Pedido LP000123',
    payer: { email: 'ana@example.com', name: '  Ana   Souza Lima ', cpf: '529.982.247-25' },
    expiresAt: new Date('2026-11-23T14:00:00.000Z'),
    idempotencyKey: 'payment-41',
    notificationUrl: 'https://loja.example.com/api/webhooks/mercadopago',
    ...overrides,
  };
}

describe('mapMercadoPagoStatus', () => {
  it.each([
    ['pending', 'pending'],
    ['in_process', 'processing'],
    ['in_mediation', 'processing'],
    ['authorized', 'processing'],
    ['approved', 'approved'],
    ['rejected', 'rejected'],
    ['cancelled', 'cancelled'],
    ['expired', 'cancelled'],
    ['refunded', 'refunded'],
    ['charged_back', 'refunded'],
    ['something_new', 'pending'],
    ['constructor', 'pending'],
  ])('%s -> %s', (status, ours) => {
    expect(mapMercadoPagoStatus(status)).toBe(ours);
  });
});

describe('splitPayerName', () => {
  it('takes the first word as first name and the rest as last name', () => {
    expect(splitPayerName(' Ana  Souza Lima ')).toEqual({
      firstName: 'Ana',
      lastName: 'Souza Lima',
    });
    expect(splitPayerName('Ana')).toEqual({ firstName: 'Ana', lastName: null });
  });
});

describe('MercadoPago provider', () => {
  it('is named mercadopago', () => {
    expect(provider.name).toBe('mercadopago');
  });

  it('creates the charge with the split name, CPF digits and order number', async () => {
    const payment = await provider.createPixPayment(createInput());

    const stored = fake.payments.get(payment.gatewayPaymentId);
    expect(payment).toEqual({
      gatewayPaymentId: String(stored?.id),
      status: 'pending',
      qrCode: stored?.point_of_interaction?.transaction_data.qr_code,
      qrCodeBase64: stored?.point_of_interaction?.transaction_data.qr_code_base64,
      ticketUrl: stored?.point_of_interaction?.transaction_data.ticket_url,
      txid: null,
      expiresAt: new Date('2026-11-23T14:00:00.000Z'),
    });
    expect(fake.requests[0]?.headers['x-idempotency-key']).toBe('payment-41');
    expect(fake.requests[0]?.body).toMatchObject({
      transaction_amount: 89.9,
      external_reference: 'LP000123',
      date_of_expiration: '2026-11-23T11:00:00.000-03:00',
      payer: {
        email: 'ana@example.com',
        first_name: 'Ana',
        last_name: 'Souza Lima',
        identification: { type: 'CPF', number: '52998224725' },
      },
    });
  });

  it('sends no identification without a CPF', async () => {
    await provider.createPixPayment(
      createInput({ payer: { email: 'bia@example.com', name: 'Bia', cpf: null } }),
    );
    expect((fake.requests[0]?.body as { payer: unknown }).payer).toEqual({
      email: 'bia@example.com',
      first_name: 'Bia',
    });
  });

  it('takes the expiry MercadoPago answers', async () => {
    fake.respondNextWith(201, {
      id: 5,
      status: 'pending',
      date_of_expiration: '2026-11-23T10:30:00.000-04:00',
      point_of_interaction: {
        transaction_data: { qr_code: '000201...', qr_code_base64: 'iVBOR', ticket_url: null },
      },
    });
    await expect(provider.createPixPayment(createInput())).resolves.toMatchObject({
      gatewayPaymentId: '5',
      ticketUrl: null,
      expiresAt: new Date('2026-11-23T14:30:00.000Z'),
    });
  });

  it('throws a final PaymentProviderError when the answer carries no PIX data', async () => {
    fake.respondNextWith(201, { id: 6, status: 'rejected', point_of_interaction: {} });
    const created = provider.createPixPayment(createInput());
    await expect(created).rejects.toThrow(
      new PaymentProviderError(
        'MercadoPago payment 6 (rejected) came without PIX transaction data',
        false,
      ),
    );
  });

  it('passes on a provider failure', async () => {
    fake.failNext(1, 500);
    await expect(provider.createPixPayment(createInput())).rejects.toThrow(PaymentProviderError);
  });

  it('fetches the status in our words', async () => {
    const { gatewayPaymentId } = await provider.createPixPayment(createInput());
    await expect(provider.fetchStatus(gatewayPaymentId)).resolves.toBe('pending');
    fake.setStatus(gatewayPaymentId, 'approved');
    await expect(provider.fetchStatus(gatewayPaymentId)).resolves.toBe('approved');
    fake.setStatus(gatewayPaymentId, 'charged_back');
    await expect(provider.fetchStatus(gatewayPaymentId)).resolves.toBe('refunded');
  });

  it('cancels an open charge, and takes an already approved one without an error', async () => {
    const open = await provider.createPixPayment(createInput());
    await expect(provider.cancel(open.gatewayPaymentId)).resolves.toBeUndefined();
    expect(fake.payments.get(open.gatewayPaymentId)?.status).toBe('cancelled');
    await expect(provider.cancel(open.gatewayPaymentId)).resolves.toBeUndefined();

    const paid = await provider.createPixPayment(createInput({ idempotencyKey: 'payment-42' }));
    fake.setStatus(paid.gatewayPaymentId, 'approved');
    await expect(provider.cancel(paid.gatewayPaymentId)).resolves.toBeUndefined();
    expect(fake.payments.get(paid.gatewayPaymentId)?.status).toBe('approved');
  });

  it('fails to cancel an unknown charge', async () => {
    await expect(provider.cancel('999')).rejects.toThrow('HTTP 404');
  });
});
