import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeMelhorEnvioServer, startFakeMelhorEnvio } from './fake-melhor-envio-server.ts';
import { createMelhorEnvioLabelProvider } from './label-provider.ts';
import {
  parseMelhorEnvioWebhook,
  signMelhorEnvioBody,
  verifyMelhorEnvioSignature,
} from './melhor-envio-webhook.ts';

const SECRET = 'segredo-do-app';
const BODY = '{"event":"order.posted","data":{"id":"9a1b","status":"posted"}}';
const hmac = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body);

describe('verifyMelhorEnvioSignature', () => {
  it('accepts the HMAC-SHA256 of the raw body in base64 or in hex', () => {
    const base64 = hmac(BODY).digest('base64');
    const hex = hmac(BODY).digest('hex');
    expect(signMelhorEnvioBody(BODY, SECRET)).toBe(base64);
    expect(verifyMelhorEnvioSignature(BODY, base64, SECRET)).toBe(true);
    expect(verifyMelhorEnvioSignature(Buffer.from(BODY), base64, SECRET)).toBe(true);
    expect(verifyMelhorEnvioSignature(BODY, hex, SECRET)).toBe(true);
    expect(verifyMelhorEnvioSignature(BODY, hex.toUpperCase(), SECRET)).toBe(true);
    expect(verifyMelhorEnvioSignature(BODY, `sha256=${hex}`, SECRET)).toBe(true);
    expect(verifyMelhorEnvioSignature(BODY, ` ${base64}\n`, SECRET)).toBe(true);
  });

  it('refuses another body, another secret, a missing or malformed header and an empty secret', () => {
    const base64 = signMelhorEnvioBody(BODY, SECRET);
    expect(verifyMelhorEnvioSignature(`${BODY} `, base64, SECRET)).toBe(false);
    expect(verifyMelhorEnvioSignature(BODY, base64, 'outro-segredo')).toBe(false);
    expect(verifyMelhorEnvioSignature(BODY, undefined, SECRET)).toBe(false);
    expect(verifyMelhorEnvioSignature(BODY, '', SECRET)).toBe(false);
    expect(verifyMelhorEnvioSignature(BODY, 'não é assinatura', SECRET)).toBe(false);
    expect(verifyMelhorEnvioSignature(BODY, base64.slice(0, -2), SECRET)).toBe(false);
    expect(verifyMelhorEnvioSignature(BODY, signMelhorEnvioBody(BODY, ''), '')).toBe(false);
  });
});

describe('parseMelhorEnvioWebhook', () => {
  it('reads the label, its status, tracking code and when it happened', () => {
    expect(
      parseMelhorEnvioWebhook({
        event: 'order.delivered',
        data: {
          id: '9a1b',
          protocol: 'ORD-202600000001',
          status: 'delivered',
          tracking: 'AA473124829BR',
          posted_at: '2026-03-01 10:00:00',
          delivered_at: '2026-03-02 14:05:09',
          tags: [{ tag: 'LUM-1001', url: null }],
        },
      }),
    ).toEqual({
      event: 'order.delivered',
      providerOrderId: '9a1b',
      status: 'delivered',
      trackingCode: 'AA473124829BR',
      occurredAt: new Date('2026-03-02T17:05:09Z'),
    });
  });

  it("falls back on the event's name, and leaves unknown events without a status", () => {
    expect(
      parseMelhorEnvioWebhook({
        event: 'order.cancelled',
        data: { id: 7, canceled_at: '2026-03-02T10:00:00-03:00' },
      }),
    ).toEqual({
      event: 'order.cancelled',
      providerOrderId: '7',
      status: 'canceled',
      trackingCode: null,
      occurredAt: new Date('2026-03-02T13:00:00Z'),
    });
    expect(parseMelhorEnvioWebhook({ event: 'order.created', data: { id: 'x' } })?.status).toBe(
      'pending',
    );
    expect(
      parseMelhorEnvioWebhook({
        event: 'order.paused',
        data: { id: 'x', status: 'paused', tracking: '', updated_at: '2026-03-02 08:00:00' },
      }),
    ).toEqual({
      event: 'order.paused',
      providerOrderId: 'x',
      status: null,
      trackingCode: null,
      occurredAt: new Date('2026-03-02T11:00:00Z'),
    });
  });

  it('answers null for a body it cannot read', () => {
    expect(parseMelhorEnvioWebhook(null)).toBeNull();
    expect(parseMelhorEnvioWebhook('order.posted')).toBeNull();
    expect(parseMelhorEnvioWebhook({ event: 'order.posted' })).toBeNull();
    expect(
      parseMelhorEnvioWebhook({ event: 'order.posted', data: { status: 'posted' } }),
    ).toBeNull();
    expect(parseMelhorEnvioWebhook({ data: { id: 'x' } })).toBeNull();
  });
});

describe("the fake's webhooks, as the shop receives them", () => {
  const received: { headers: IncomingHttpHeaders; raw: string }[] = [];
  const shop = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, raw: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"received":true}');
    });
  });
  let fake: FakeMelhorEnvioServer;

  beforeAll(async () => {
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const { port } = shop.address() as AddressInfo;
    fake = await startFakeMelhorEnvio({
      webhookUrl: `http://127.0.0.1:${port}/api/webhooks/melhorenvio`,
    });
    fake.webhookSecret = fake.clientSecret;
  });

  afterAll(async () => {
    await fake?.close();
    shop.closeAllConnections();
    await new Promise((resolve) => shop.close(resolve));
  });

  beforeEach(() => {
    received.length = 0;
  });

  it('posts and delivers a label with signed webhooks the shop can verify and read', async () => {
    const labels = createMelhorEnvioLabelProvider({
      baseUrl: fake.url,
      contactEmail: 'loja@example.com',
      tokens: { current: () => Promise.resolve(fake.token) },
    });
    const invoiceless = {
      name: 'Ana Souza',
      document: '52998224725',
      email: null,
      phone: null,
      address: {
        zipCode: '69005040',
        street: 'Rua Henrique Martins',
        number: '55',
        complement: null,
        neighborhood: 'Centro',
        city: 'Manaus',
        state: 'AM',
      },
    };
    const { providerOrderId } = await labels.addToCart({
      orderNumber: 'LUM-2001',
      serviceId: 17,
      from: { ...invoiceless, name: 'Lumina Piercings', document: '11222333000181' },
      to: invoiceless,
      products: [{ name: 'Argola', quantity: 1, unitaryValueCents: 3990 }],
      volume: { heightCm: 2, widthCm: 11, lengthCm: 16, weightGrams: 30 },
      insuranceValueCents: 3990,
      invoiceKey: null,
    });
    await labels.checkout([providerOrderId]);
    await labels.generate([providerOrderId]);
    const trackingCode = fake.labels.get(providerOrderId)?.trackingCode;

    await expect(fake.post(providerOrderId)).resolves.toEqual({
      event: 'order.posted',
      status: 200,
      body: '{"received":true}',
    });
    await fake.deliver(providerOrderId);

    expect(received.map(({ raw }) => parseMelhorEnvioWebhook(JSON.parse(raw)))).toEqual([
      {
        event: 'order.posted',
        providerOrderId,
        status: 'posted',
        trackingCode,
        occurredAt: expect.any(Date) as Date,
      },
      {
        event: 'order.delivered',
        providerOrderId,
        status: 'delivered',
        trackingCode,
        occurredAt: expect.any(Date) as Date,
      },
    ]);
    for (const { headers, raw } of received) {
      const header = headers['x-me-signature'];
      expect(
        verifyMelhorEnvioSignature(
          raw,
          typeof header === 'string' ? header : undefined,
          fake.clientSecret,
        ),
      ).toBe(true);
      expect((JSON.parse(raw) as { data: { tags: unknown } }).data.tags).toEqual([
        { tag: 'LUM-2001', url: null },
      ]);
    }
    // Brasília time to the second, as Melhor Envio writes it.
    const postedAt = parseMelhorEnvioWebhook(JSON.parse(received[0]?.raw ?? '{}'))?.occurredAt;
    expect(Math.abs((postedAt?.getTime() ?? 0) - Date.now())).toBeLessThan(5_000);

    await expect(fake.post(providerOrderId)).rejects.toThrow(/delivered, not generated/);
  });
});
