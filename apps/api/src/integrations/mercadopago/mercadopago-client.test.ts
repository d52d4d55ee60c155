import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../payments/provider.ts';
import { parsePixBrCode } from '../pix/parse-br-code.ts';
import { type FakeMercadoPagoServer, startFakeMercadoPago } from './fake-mercadopago-server.ts';
import {
  createMercadoPagoClient,
  formatMercadoPagoDate,
  type MercadoPagoClientConfig,
  type MercadoPagoPixPaymentInput,
} from './mercadopago-client.ts';

let fake: FakeMercadoPagoServer;
let config: MercadoPagoClientConfig;

beforeAll(async () => {
  fake = await startFakeMercadoPago();
  config = { baseUrl: fake.url, accessToken: fake.accessToken, timeoutMs: 2_000 };
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.reset();
});

function createInput(overrides: Partial<MercadoPagoPixPaymentInput> = {}) {
  return {
    amountCents: 19_990,
    description: 'Pedido LP000123',
    payer: {
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Souza Lima',
      cpf: '52998224725',
    },
    externalReference: 'LP000123',
    notificationUrl: 'https://loja.example.com/api/webhooks/mercadopago',
    expiresAt: new Date('2026-12-02T02:59:59.000Z'),
    idempotencyKey: 'payment-41-attempt-1',
    ...overrides,
  } satisfies MercadoPagoPixPaymentInput;
}

describe('formatMercadoPagoDate', () => {
  it('writes Brasília time with its offset and milliseconds', () => {
    expect(formatMercadoPagoDate(new Date('2026-12-02T02:59:59.000Z'))).toBe(
      '2026-12-01T23:59:59.000-03:00',
    );
    expect(formatMercadoPagoDate(new Date('2026-11-23T13:30:00.250Z'))).toBe(
      '2026-11-23T10:30:00.250-03:00',
    );
  });
});

describe('MercadoPago client', () => {
  it('creates a PIX payment with the documented body and headers', async () => {
    const payment = await createMercadoPagoClient(config).createPixPayment(createInput());

    const [call] = fake.requests;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/payments');
    expect(call?.headers.authorization).toBe(`Bearer ${fake.accessToken}`);
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.headers['x-idempotency-key']).toBe('payment-41-attempt-1');
    expect(call?.body).toEqual({
      transaction_amount: 199.9,
      description: 'Pedido LP000123',
      payment_method_id: 'pix',
      payer: {
        email: 'ana@example.com',
        first_name: 'Ana',
        last_name: 'Souza Lima',
        identification: { type: 'CPF', number: '52998224725' },
      },
      external_reference: 'LP000123',
      notification_url: 'https://loja.example.com/api/webhooks/mercadopago',
      date_of_expiration: '2026-12-01T23:59:59.000-03:00',
    });

    const stored = fake.payments.get(payment.id);
    expect(payment).toMatchObject({
      id: String(stored?.id),
      status: 'pending',
      statusDetail: 'pending_waiting_transfer',
      externalReference: 'LP000123',
      transactionAmount: 199.9,
      dateOfExpiration: '2026-12-01T23:59:59.000-03:00',
      pix: {
        qrCode: stored?.point_of_interaction?.transaction_data.qr_code,
        qrCodeBase64: stored?.point_of_interaction?.transaction_data.qr_code_base64,
        ticketUrl: stored?.point_of_interaction?.transaction_data.ticket_url,
      },
    });
    const brCode = parsePixBrCode(payment.pix!.qrCode);
    expect(brCode.fields['54']).toBe('199.90');
    expect(brCode.crcValid).toBe(true);
    expect(Buffer.from(payment.pix!.qrCodeBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it('sends two-decimal reais from cents and leaves out an absent last name and CPF', async () => {
    await createMercadoPagoClient(config).createPixPayment(
      createInput({
        amountCents: 5,
        payer: { email: 'bia@example.com', firstName: 'Bia', lastName: null, cpf: null },
      }),
    );
    const body = fake.requests[0]?.body as Record<string, unknown>;
    expect(body.transaction_amount).toBe(0.05);
    expect(body.payer).toEqual({ email: 'bia@example.com', first_name: 'Bia' });
  });

  it('refuses an amount that is not a positive integer of cents without calling', async () => {
    const client = createMercadoPagoClient(config);
    await expect(client.createPixPayment(createInput({ amountCents: 10.5 }))).rejects.toThrow(
      PaymentProviderError,
    );
    await expect(client.createPixPayment(createInput({ amountCents: 0 }))).rejects.toThrow(
      PaymentProviderError,
    );
    expect(fake.requests).toEqual([]);
  });

  it('gets the same payment back when retrying with the same idempotency key', async () => {
    const client = createMercadoPagoClient(config);
    const first = await client.createPixPayment(createInput());
    const again = await client.createPixPayment(createInput());
    const other = await client.createPixPayment(createInput({ idempotencyKey: 'payment-42' }));

    expect(again).toEqual(first);
    expect(other.id).not.toBe(first.id);
    expect(fake.creations).toBe(2);
  });

  it('times out on a lost answer, and the retry with the same key finds the payment created', async () => {
    const client = createMercadoPagoClient({ ...config, timeoutMs: 150 });
    fake.failNext(1, 'timeout');
    const started = Date.now();

    const lost = client.createPixPayment(createInput());
    await expect(lost).rejects.toThrow(
      new PaymentProviderError('MercadoPago create PIX payment: no answer within 150 ms'),
    );
    expect(Date.now() - started).toBeLessThan(1_500);

    const retried = await client.createPixPayment(createInput());
    expect(fake.creations).toBe(1);
    expect(fake.payments.get(retried.id)).toBeDefined();
  });

  it('reads a payment and its changed status', async () => {
    const client = createMercadoPagoClient(config);
    const { id } = await client.createPixPayment(createInput());
    fake.setStatus(id, 'approved');

    const payment = await client.getPayment(id);
    expect(payment).toMatchObject({ id, status: 'approved', statusDetail: 'accredited' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payments/${id}` });
  });

  it('cancels an open payment with PUT {status: cancelled}', async () => {
    const client = createMercadoPagoClient(config);
    const { id } = await client.createPixPayment(createInput());

    await expect(client.cancelPayment(id)).resolves.toMatchObject({ id, status: 'cancelled' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/v1/payments/${id}`,
      body: { status: 'cancelled' },
    });
  });

  it('answers an already final payment when MercadoPago refuses to cancel it', async () => {
    const client = createMercadoPagoClient(config);
    const { id } = await client.createPixPayment(createInput());
    fake.setStatus(id, 'approved');

    await expect(client.cancelPayment(id)).resolves.toMatchObject({ id, status: 'approved' });
    expect(fake.requests.slice(-2).map((r) => r.method)).toEqual(['PUT', 'GET']);
  });

  it('keeps a refused cancel an error when the payment is still open', async () => {
    const client = createMercadoPagoClient(config);
    const { id } = await client.createPixPayment(createInput());
    fake.respondNextWith(400, { message: 'Invalid request', error: 'bad_request', status: 400 });

    await expect(client.cancelPayment(id)).rejects.toThrow(
      new PaymentProviderError(
        `MercadoPago cancel payment ${id}: HTTP 400 (Invalid request)`,
        false,
      ),
    );
  });

  it('turns a 500 into a retryable error and a missing payment into a final one', async () => {
    const client = createMercadoPagoClient(config);
    fake.failNext(1, 500);
    const failed = client.getPayment('123');
    await expect(failed).rejects.toThrow(
      'MercadoPago get payment 123: HTTP 500 (Internal server error)',
    );
    await expect(failed).rejects.toMatchObject({ retryable: true });

    const missing = client.getPayment('123');
    await expect(missing).rejects.toThrow('MercadoPago get payment 123: HTTP 404');
    await expect(missing).rejects.toMatchObject({ retryable: false });
  });

  it('refuses a wrong token without naming it', async () => {
    const client = createMercadoPagoClient({ ...config, accessToken: 'APP_USR-wrong-secret' });
    const refused = client.createPixPayment(createInput());
    await expect(refused).rejects.toThrow(
      new PaymentProviderError(
        'MercadoPago create PIX payment: HTTP 401 (invalid access token)',
        false,
      ),
    );
    const error = (await refused.catch((caught: unknown) => caught)) as Error;
    expect(`${error.message} ${error.stack}`).not.toContain('APP_USR-wrong-secret');
  });

  it('scrubs the token should an error message ever echo it', async () => {
    fake.respondNextWith(400, { message: `bad header Bearer ${fake.accessToken}` });
    await expect(createMercadoPagoClient(config).getPayment('1')).rejects.toThrow(
      'MercadoPago get payment 1: HTTP 400 (bad header Bearer ***)',
    );
  });

  it.each([
    ['not JSON', 200, '<html>manutenção</html>', 'answer is not JSON'],
    ['without id', 200, { status: 'pending' }, 'answer is not a payment'],
    ['with an odd id', 200, { id: 'abc', status: 'pending' }, 'answer is not a payment'],
  ])('calls an answer %s malformed', async (_case, status, body, reason) => {
    fake.respondNextWith(status, body);
    await expect(createMercadoPagoClient(config).getPayment('1')).rejects.toThrow(
      new PaymentProviderError(`MercadoPago get payment 1: ${reason}`),
    );
  });

  it('reads a payment without transaction data, leaving pix null for the caller to judge', async () => {
    fake.respondNextWith(201, { id: 77, status: 'rejected', status_detail: 'cc_rejected_other' });
    await expect(
      createMercadoPagoClient(config).createPixPayment(createInput()),
    ).resolves.toMatchObject({
      id: '77',
      status: 'rejected',
      statusDetail: 'cc_rejected_other',
      externalReference: null,
      transactionAmount: null,
      dateOfExpiration: null,
      pix: null,
    });
  });

  it('reports an unreachable MercadoPago as a retryable network failure', async () => {
    const closed = await startFakeMercadoPago();
    await closed.close();
    const failed = createMercadoPagoClient({ ...config, baseUrl: closed.url }).getPayment('1');
    await expect(failed).rejects.toThrow(
      'MercadoPago get payment 1: request failed (ECONNREFUSED)',
    );
    await expect(failed).rejects.toMatchObject({ retryable: true });
  });

  it('uses the fetch it is given', async () => {
    const calls: string[] = [];
    const client = createMercadoPagoClient({
      ...config,
      fetch: (input, init) => {
        calls.push(`${init?.method} ${input instanceof Request ? input.url : input.toString()}`);
        return fetch(input, init);
      },
    });
    await expect(client.getPayment('9')).rejects.toThrow('HTTP 404');
    expect(calls).toEqual([`GET ${fake.url}/v1/payments/9`]);
  });
});
