import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodePixBrCode } from '../pix/br-code.ts';
import { pixQrCodeDataUrl } from '../pix/qr-image.ts';
import { signMercadoPagoNotification } from './mercadopago-signature.ts';

export interface FakeMercadoPagoRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A stored payment, written as MercadoPago answers it. */
export interface FakeMercadoPagoPayment {
  id: number;
  status: string;
  status_detail: string;
  description: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: 'BRL';
  payment_method_id: 'pix';
  payment_type_id: 'bank_transfer';
  date_created: string;
  date_of_expiration: string | null;
  /** What was refunded so far, in reais; the payment is 'refunded' once it reaches the amount. */
  transaction_amount_refunded: number;
  notification_url: string | null;
  payer: unknown;
  point_of_interaction: {
    type: 'PIX';
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string };
  };
}

/** A refund as MercadoPago answers it. */
export interface FakeMercadoPagoRefund {
  id: number;
  payment_id: number;
  amount: number;
  status: 'approved';
  source: { id: string; name: string; type: 'collector' };
  date_created: string;
}

export interface FakeMercadoPagoNotifyOptions {
  secret: string;
  requestId?: string;
  /** Defaults to now in milliseconds, as the documentation describes ts. */
  ts?: number | string;
  action?: string;
}

export interface FakeMercadoPagoServer {
  url: string;
  accessToken: string;
  /** Keyed by the payment id as text. */
  payments: Map<string, FakeMercadoPagoPayment>;
  /** The refunds made of each payment (keyed by the payment id as text), oldest first. */
  refunds: Map<string, FakeMercadoPagoRefund[]>;
  requests: FakeMercadoPagoRequest[];
  /** Payments really created: a replayed idempotency key does not count. */
  readonly creations: number;
  setStatus(id: string | number, status: string, statusDetail?: string): void;
  /**
   * The next `count` requests fail: 500 answers an error without acting; 'timeout' acts (a
   * creation is stored) and never answers, like an answer lost on the way back.
   */
  failNext(count: number, mode: 500 | 'timeout'): void;
  /** The next request gets exactly this answer, without acting (malformed answers, 429...). */
  respondNextWith(status: number, body: unknown): void;
  /** POSTs a signed notification the way MercadoPago does; answers our API's status. */
  notify(
    targetUrl: string,
    paymentId: string | number,
    options: FakeMercadoPagoNotifyOptions,
  ): Promise<{ status: number; body: string }>;
  reset(): void;
  close(): Promise<void>;
}

/** The fake's collector: a random key like MercadoPago's, its name and city in the BR Code. */
const FAKE_PIX_KEY = '7d9f0335-8dcc-4054-9bf3-0d1cc6fb1a2e';
const CANCELLABLE = new Set(['pending', 'in_process', 'authorized']);
const FIRST_PAYMENT_ID = 1_325_000_000;

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function error(response: ServerResponse, status: number, message: string): void {
  const kind = { 400: 'bad_request', 401: 'unauthorized', 404: 'not_found' }[status] ?? 'error';
  send(response, status, { message, error: kind, status, cause: [] });
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * A local stand-in for MercadoPago's payments API on a free loopback port (or `port`): PIX
 * creation with X-Idempotency-Key, reading, cancelling, full and partial refunds, and signed webhooks, since PIX cannot be
 * paid with test credentials (REFERENCE.md).
 */
export async function startFakeMercadoPago(
  options: { accessToken?: string; port?: number } = {},
): Promise<FakeMercadoPagoServer> {
  const accessToken = options.accessToken ?? 'TEST-0000000000000000-000000-fake-token';
  const payments = new Map<string, FakeMercadoPagoPayment>();
  // Promises, so a retry arriving while the first request is still being served waits for it.
  const byIdempotencyKey = new Map<string, Promise<[number, unknown]>>();
  const requests: FakeMercadoPagoRequest[] = [];
  const refundsByKey = new Map<string, unknown>();
  const refunds = new Map<string, FakeMercadoPagoRefund[]>();
  let creations = 0;
  let nextId = FIRST_PAYMENT_ID;
  const failures: (500 | 'timeout')[] = [];
  const canned: { status: number; body: unknown }[] = [];
  let url = '';

  function create(body: unknown, key: string): Promise<[number, unknown]> {
    const known = byIdempotencyKey.get(key);
    if (known) return known;
    const created = createNew(body);
    byIdempotencyKey.set(key, created);
    // A refused or failed creation may be sent again with the same key.
    const forget = () => byIdempotencyKey.delete(key);
    void created.then(([status]) => status === 201 || forget(), forget);
    return created;
  }

  async function createNew(body: unknown): Promise<[number, unknown]> {
    const input = asRecord(body);
    const amount = input.transaction_amount;
    if (typeof amount !== 'number' || amount <= 0 || Math.round(amount * 100) / 100 !== amount) {
      return [400, 'Invalid transaction_amount'];
    }
    if (input.payment_method_id !== 'pix') return [400, 'Invalid payment_method_id'];
    if (typeof asRecord(input.payer).email !== 'string') return [400, 'payer.email must be sent'];

    const id = nextId++;
    const description = typeof input.description === 'string' ? input.description : '';
    const qrCode = encodePixBrCode({
      pixKey: FAKE_PIX_KEY,
      merchantName: 'MERCADO PAGO FAKE',
      merchantCity: 'SAO PAULO',
      amountCents: Math.round(amount * 100),
      txid: `mpqrinter${id}`,
    });
    const dataUrl = await pixQrCodeDataUrl(qrCode);
    const payment: FakeMercadoPagoPayment = {
      id,
      status: 'pending',
      status_detail: 'pending_waiting_transfer',
      description,
      external_reference:
        typeof input.external_reference === 'string' ? input.external_reference : null,
      transaction_amount: amount,
      currency_id: 'BRL',
      payment_method_id: 'pix',
      payment_type_id: 'bank_transfer',
      date_created: new Date().toISOString(),
      date_of_expiration:
        typeof input.date_of_expiration === 'string' ? input.date_of_expiration : null,
      transaction_amount_refunded: 0,
      notification_url: typeof input.notification_url === 'string' ? input.notification_url : null,
      payer: input.payer,
      point_of_interaction: {
        type: 'PIX',
        transaction_data: {
          qr_code: qrCode,
          qr_code_base64: dataUrl.slice(dataUrl.indexOf(',') + 1),
          ticket_url: `${url}/payments/${id}/ticket?caller_id=1&hash=${randomUUID()}`,
        },
      },
    };
    payments.set(String(id), payment);
    creations += 1;
    return [201, payment];
  }

  function cancel(id: string, body: unknown): [number, unknown] {
    const payment = payments.get(id);
    if (!payment) return [404, 'Payment not found'];
    if (asRecord(body).status !== 'cancelled') return [400, 'Invalid status'];
    if (!CANCELLABLE.has(payment.status)) {
      return [400, `Payment with status ${payment.status} cannot be cancelled`];
    }
    payment.status = 'cancelled';
    payment.status_detail = 'by_collector';
    return [200, payment];
  }

  /**
   * A refund of an approved payment: the whole of what is left without an `amount`, else that
   * many reais (a partial refund: the payment stays approved, 'partially_refunded', until the
   * refunds reach its amount). More than is left is refused; the same key answers the same refund.
   */
  function refund(id: string, key: string, body: unknown): [number, unknown] {
    const known = refundsByKey.get(key);
    if (known) return [201, known];
    const payment = payments.get(id);
    if (!payment) return [404, 'Payment not found'];
    if (payment.status !== 'approved') {
      return [400, `Payment with status ${payment.status} cannot be refunded`];
    }
    const leftCents = Math.round(
      (payment.transaction_amount - payment.transaction_amount_refunded) * 100,
    );
    const requested = asRecord(body).amount;
    let amountCents = leftCents;
    if (requested !== undefined && requested !== null) {
      if (typeof requested !== 'number' || requested <= 0) return [400, 'Invalid amount'];
      amountCents = Math.round(requested * 100);
      if (amountCents > leftCents) return [400, 'The amount exceeds the available balance'];
    }
    const refundedCents = Math.round(payment.transaction_amount_refunded * 100) + amountCents;
    payment.transaction_amount_refunded = refundedCents / 100;
    const whole = refundedCents >= Math.round(payment.transaction_amount * 100);
    payment.status = whole ? 'refunded' : 'approved';
    payment.status_detail = whole ? 'refunded' : 'partially_refunded';
    const answer: FakeMercadoPagoRefund = {
      id: nextId++,
      payment_id: payment.id,
      amount: amountCents / 100,
      status: 'approved',
      source: { id: '44444', name: 'Lumina Piercings', type: 'collector' },
      date_created: new Date().toISOString(),
    };
    refunds.set(id, [...(refunds.get(id) ?? []), answer]);
    refundsByKey.set(key, answer);
    return [201, answer];
  }

  async function act(request: FakeMercadoPagoRequest): Promise<[number, unknown]> {
    const paymentPath = /^\/v1\/payments\/([^/]+)$/.exec(request.path);
    const refundPath = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(request.path);
    if (refundPath?.[1] && request.method === 'POST') {
      const key = request.headers['x-idempotency-key'];
      if (typeof key !== 'string' || !key) return [400, 'X-Idempotency-Key header is required'];
      return refund(decodeURIComponent(refundPath[1]), key, request.body);
    }
    if (request.method === 'POST' && request.path === '/v1/payments') {
      const key = request.headers['x-idempotency-key'];
      if (typeof key !== 'string' || !key) return [400, 'X-Idempotency-Key header is required'];
      return create(request.body, key);
    }
    if (paymentPath?.[1] && request.method === 'GET') {
      const payment = payments.get(decodeURIComponent(paymentPath[1]));
      return payment ? [200, payment] : [404, 'Payment not found'];
    }
    if (paymentPath?.[1] && request.method === 'PUT') {
      return cancel(decodeURIComponent(paymentPath[1]), request.body);
    }
    return [404, 'Not found'];
  }

  async function handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const target = new URL(incoming.url ?? '/', 'http://fake');
    let body: unknown = null;
    try {
      body = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      body = text;
    }
    const request: FakeMercadoPagoRequest = {
      method: incoming.method ?? 'GET',
      path: target.pathname,
      query: Object.fromEntries(target.searchParams),
      headers: incoming.headers,
      body,
    };
    requests.push(request);

    const answer = canned.shift();
    if (answer) return send(response, answer.status, answer.body);
    const failure = failures.shift();
    if (failure === 500) return error(response, 500, 'Internal server error');
    if (incoming.headers.authorization !== `Bearer ${accessToken}`) {
      return error(response, 401, 'invalid access token');
    }
    const [status, result] = await act(request);
    // An answer lost on the way back: the client times out; close() drops the connection.
    if (failure === 'timeout') return;
    if (typeof result === 'string') return error(response, status, result);
    send(response, status, result);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => error(response, 500, 'fake failed'));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;

  return {
    url,
    accessToken,
    payments,
    refunds,
    requests,
    get creations() {
      return creations;
    },
    setStatus(id, status, statusDetail) {
      const payment = payments.get(String(id));
      if (!payment) throw new Error(`fake MercadoPago has no payment ${id}`);
      payment.status = status;
      payment.status_detail = statusDetail ?? (status === 'approved' ? 'accredited' : status);
    },
    failNext(count, mode) {
      for (let i = 0; i < count; i += 1) failures.push(mode);
    },
    respondNextWith(status, body) {
      canned.push({ status, body });
    },
    async notify(targetUrl, paymentId, notifyOptions) {
      const dataId = String(paymentId);
      const requestId = notifyOptions.requestId ?? randomUUID();
      const ts = notifyOptions.ts ?? Date.now();
      const notification = new URL(targetUrl);
      notification.searchParams.set('data.id', dataId);
      notification.searchParams.set('type', 'payment');
      const response = await fetch(notification, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-request-id': requestId,
          'x-signature': signMercadoPagoNotification({
            secret: notifyOptions.secret,
            dataId,
            requestId,
            ts,
          }),
        },
        body: JSON.stringify({
          id: Math.floor(Math.random() * 1e11),
          live_mode: false,
          type: 'payment',
          date_created: new Date().toISOString(),
          user_id: 44444,
          api_version: 'v1',
          action: notifyOptions.action ?? 'payment.updated',
          data: { id: dataId },
        }),
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, body: await response.text() };
    },
    reset() {
      payments.clear();
      byIdempotencyKey.clear();
      refundsByKey.clear();
      refunds.clear();
      requests.length = 0;
      failures.length = 0;
      canned.length = 0;
      creations = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
