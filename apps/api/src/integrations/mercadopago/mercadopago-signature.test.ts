import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeMercadoPagoServer, startFakeMercadoPago } from './fake-mercadopago-server.ts';
import {
  signMercadoPagoNotification,
  verifyMercadoPagoSignature,
  type VerifyMercadoPagoSignatureInput,
} from './mercadopago-signature.ts';

const secret = 'webhook-secret-de-teste';
const now = new Date('2026-11-23T13:30:00.000Z');
const tsSeconds = Math.floor(now.getTime() / 1000);

function signed(
  overrides: Partial<VerifyMercadoPagoSignatureInput> = {},
): VerifyMercadoPagoSignatureInput {
  return {
    secret,
    xSignature: signMercadoPagoNotification({
      secret,
      dataId: '1325000001',
      requestId: 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e',
      ts: tsSeconds,
    }),
    xRequestId: 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e',
    dataId: '1325000001',
    now,
    ...overrides,
  };
}

function hmac(text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

describe('signMercadoPagoNotification', () => {
  it('signs the documented manifest, leaving out absent pairs but not the trailing ;', () => {
    expect(
      signMercadoPagoNotification({ secret, dataId: '123', requestId: 'req-1', ts: 1704908010 }),
    ).toBe(`ts=1704908010,v1=${hmac('id:123;request-id:req-1;ts:1704908010;')}`);
    expect(
      signMercadoPagoNotification({ secret, dataId: null, requestId: 'req-1', ts: 1704908010 }),
    ).toBe(`ts=1704908010,v1=${hmac('request-id:req-1;ts:1704908010;')}`);
    expect(signMercadoPagoNotification({ secret, dataId: '123', requestId: null, ts: '17' })).toBe(
      `ts=17,v1=${hmac('id:123;ts:17;')}`,
    );
  });

  it('lower-cases an alphanumeric data.id (orders ids like ORD01...)', () => {
    expect(signMercadoPagoNotification({ secret, dataId: 'ORD01ABC', requestId: 'r', ts: 1 })).toBe(
      `ts=1,v1=${hmac('id:ord01abc;request-id:r;ts:1;')}`,
    );
  });
});

describe('verifyMercadoPagoSignature', () => {
  it('accepts a valid signature with ts in seconds or in milliseconds', () => {
    expect(verifyMercadoPagoSignature(signed())).toBe(true);
    const inMs = signMercadoPagoNotification({
      secret,
      dataId: '1325000001',
      requestId: 'req-ms',
      ts: now.getTime() - 30_000,
    });
    expect(verifyMercadoPagoSignature(signed({ xSignature: inMs, xRequestId: 'req-ms' }))).toBe(
      true,
    );
  });

  it('reads the header leniently: spaces, key case, upper-case hex, repeated headers', () => {
    const header = signed().xSignature as string;
    const [ts, v1] = header.split(',') as [string, string];
    expect(verifyMercadoPagoSignature(signed({ xSignature: ` ${v1.toUpperCase()} , ${ts}` }))).toBe(
      true,
    );
    expect(verifyMercadoPagoSignature(signed({ xSignature: [header, 'ts=1,v1=00'] }))).toBe(true);
    expect(verifyMercadoPagoSignature(signed({ dataId: ['1325000001'] }))).toBe(true);
  });

  it('checks the manifest of a notification whose data.id or request id is absent', () => {
    const withoutId = signMercadoPagoNotification({
      secret,
      dataId: null,
      requestId: 'req-2',
      ts: tsSeconds,
    });
    expect(
      verifyMercadoPagoSignature(
        signed({ xSignature: withoutId, dataId: undefined, xRequestId: 'req-2' }),
      ),
    ).toBe(true);
    // An id that was signed cannot be dropped from the request, nor one added.
    expect(verifyMercadoPagoSignature(signed({ dataId: '' }))).toBe(false);
    expect(verifyMercadoPagoSignature(signed({ xSignature: withoutId, xRequestId: 'req-2' }))).toBe(
      false,
    );
    expect(verifyMercadoPagoSignature(signed({ xRequestId: null }))).toBe(false);
  });

  it.each([
    ['another secret', { secret: 'outro-segredo' }],
    ['another payment id', { dataId: '1325000002' }],
    ['another request id', { xRequestId: 'bb56a2f1-0000-46ac-982e-9dcd3581d08e' }],
    ['an empty secret', { secret: '' }],
  ] as const)('refuses a signature checked with %s', (_case, overrides) => {
    expect(verifyMercadoPagoSignature(signed(overrides))).toBe(false);
  });

  it('refuses a tampered, truncated or non-hex v1 and a changed ts', () => {
    const header = signed().xSignature as string;
    const v1 = header.slice(header.indexOf('v1=') + 3);
    const flipped = (v1[0] === 'a' ? 'b' : 'a') + v1.slice(1);
    const tampered = [
      `ts=${tsSeconds},v1=${flipped}`,
      `ts=${tsSeconds},v1=${v1.slice(0, -2)}`,
      `ts=${tsSeconds},v1=${v1.slice(0, -1)}é`,
      `ts=${tsSeconds + 1},v1=${v1}`,
    ];
    for (const xSignature of tampered) {
      expect(verifyMercadoPagoSignature(signed({ xSignature }))).toBe(false);
    }
  });

  it.each([
    ['no header', undefined],
    ['an empty header', '  '],
    ['no ts', 'v1=abc'],
    ['no v1', `ts=${tsSeconds}`],
    ['a ts that is not a number', 'ts=abc,v1=abc'],
    ['garbage', 'not a signature'],
  ])('refuses %s', (_case, xSignature) => {
    expect(verifyMercadoPagoSignature(signed({ xSignature }))).toBe(false);
  });

  it('refuses a ts more than five minutes away from now, unless told otherwise', () => {
    const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
    expect(verifyMercadoPagoSignature(signed({ now: at(5 * 60_000) }))).toBe(true);
    expect(verifyMercadoPagoSignature(signed({ now: at(5 * 60_000 + 1_000) }))).toBe(false);
    expect(verifyMercadoPagoSignature(signed({ now: at(-6 * 60_000) }))).toBe(false);
    expect(verifyMercadoPagoSignature(signed({ now: at(3_600_000), toleranceMs: 7_200_000 }))).toBe(
      true,
    );
    expect(verifyMercadoPagoSignature(signed({ now: at(86_400_000), toleranceMs: null }))).toBe(
      true,
    );
  });
});

describe('fake MercadoPago notification', () => {
  let fake: FakeMercadoPagoServer;
  let received: { url: string; headers: IncomingMessage['headers']; body: unknown }[];
  const api = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        url: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
      });
      const query = new URL(request.url ?? '/', 'http://api').searchParams;
      const valid = verifyMercadoPagoSignature({
        secret,
        xSignature: request.headers['x-signature'],
        xRequestId: request.headers['x-request-id'],
        dataId: query.get('data.id'),
      });
      response.writeHead(valid ? 200 : 401).end();
    });
  });
  let apiUrl: string;

  beforeAll(async () => {
    fake = await startFakeMercadoPago();
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await fake?.close();
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
  });

  beforeEach(() => {
    received = [];
  });

  it('posts a signed payment.updated notification that the verifier accepts', async () => {
    const target = `${apiUrl}/api/webhooks/mercadopago?source_news=webhooks`;
    await expect(fake.notify(target, 1325000001, { secret, requestId: 'req-42' })).resolves.toEqual(
      { status: 200, body: '' },
    );

    const [notification] = received;
    const query = new URL(notification?.url ?? '', 'http://api').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      source_news: 'webhooks',
      'data.id': '1325000001',
      type: 'payment',
    });
    expect(notification?.headers['x-request-id']).toBe('req-42');
    expect(notification?.body).toMatchObject({
      type: 'payment',
      action: 'payment.updated',
      data: { id: '1325000001' },
    });
  });

  it('is refused when signed with another secret or an old ts', async () => {
    await expect(fake.notify(apiUrl, 1, { secret: 'outro' })).resolves.toMatchObject({
      status: 401,
    });
    await expect(
      fake.notify(apiUrl, 1, { secret, ts: Date.now() - 10 * 60_000 }),
    ).resolves.toMatchObject({ status: 401 });
  });
});
