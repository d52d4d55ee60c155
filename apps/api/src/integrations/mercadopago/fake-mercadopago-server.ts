import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodePixBrCode } from '../pix/br-code.ts';
import { pixQrCodeDataUrl } from '../pix/qr-image.ts';
import {
  FAKE_SDK_FIELD_TYPES,
  type FakeSdkFieldType,
  fakeSdkFieldPage,
  fakeSdkScript,
} from './fake-mercadopago-sdk.ts';
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
  payment_method_id: string;
  payment_type_id: 'bank_transfer' | 'credit_card' | 'debit_card' | 'ticket';
  date_created: string;
  date_of_expiration: string | null;
  /** What was refunded so far, in reais; the payment is 'refunded' once it reaches the amount. */
  transaction_amount_refunded: number;
  notification_url: string | null;
  payer: unknown;
  point_of_interaction?: {
    type: 'PIX';
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string };
  };
  /** Cards: how many instalments, the card's issuer and its digits. */
  installments?: number;
  issuer_id?: string;
  card?: { first_six_digits: string; last_four_digits: string; cardholder: { name: string } };
  fee_details?: { type: string; amount: number; fee_payer: string }[];
  transaction_details?: {
    net_received_amount: number;
    total_paid_amount: number;
    installment_amount: number | null;
    external_resource_url: string | null;
    digitable_line?: string;
    barcode?: { content: string };
  };
}

/** A card token as POST /v1/card_tokens answers it (the fake keeps the holder name, which decides). */
export interface FakeMercadoPagoCardToken {
  id: string;
  first_six_digits: string;
  last_four_digits: string;
  expiration_month: number;
  expiration_year: number;
  cardholder: { name: string; identification: unknown };
  status: 'active';
  date_created: string;
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
  /** The public key its MercadoPago.js (GET /js/v2) and public routes take. */
  publicKey: string;
  /** MercadoPago.js v2 as the fake serves it: MERCADOPAGO_SDK_URL. */
  sdkUrl: string;
  /** Keyed by the payment id as text. */
  payments: Map<string, FakeMercadoPagoPayment>;
  /** The refunds made of each payment (keyed by the payment id as text), oldest first. */
  refunds: Map<string, FakeMercadoPagoRefund[]>;
  requests: FakeMercadoPagoRequest[];
  /** Payments really created: a replayed idempotency key does not count. */
  readonly creations: number;
  setStatus(id: string | number, status: string, statusDetail?: string): void;
  /** Tokenizes a test card as MercadoPago.js would (POST /v1/card_tokens); answers the token id. */
  cardToken(holderName: string, card?: keyof typeof FAKE_TEST_CARDS): Promise<string>;
  /**
   * Pays (or approves) a pending payment and posts the signed notification to its
   * notification_url, as MercadoPago does when a boleto is paid; answers our API's status.
   */
  pay(
    paymentId: string | number,
    options: FakeMercadoPagoNotifyOptions,
    /** Where to post instead of the payment's notification_url (an API on a random port). */
    targetUrl?: string,
  ): Promise<{ status: number; body: string }>;
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

/** MercadoPago's Brazilian test cards (REFERENCE.md): number, brand and CVV length. */
export const FAKE_TEST_CARDS = {
  master: { number: '5031433215406351', brand: 'master', cvv: '123', type: 'credit_card' },
  visa: { number: '4235647728025682', brand: 'visa', cvv: '123', type: 'credit_card' },
  amex: { number: '375365153556885', brand: 'amex', cvv: '1234', type: 'credit_card' },
  elo: { number: '5067766783888311', brand: 'elo', cvv: '123', type: 'debit_card' },
} as const;

/**
 * The sandbox's outcome per cardholder name (MercadoPago's test-cards page). The exact
 * status_detail of each name is not in the SDK code: these follow the documented meanings.
 */
const HOLDER_OUTCOMES: Record<string, [string, string]> = {
  APRO: ['approved', 'accredited'],
  OTHE: ['rejected', 'cc_rejected_other_reason'],
  CONT: ['in_process', 'pending_contingency'],
  CALL: ['rejected', 'cc_rejected_call_for_authorize'],
  FUND: ['rejected', 'cc_rejected_insufficient_amount'],
  SECU: ['rejected', 'cc_rejected_bad_filled_security_code'],
  EXPI: ['rejected', 'cc_rejected_bad_filled_date'],
  FORM: ['rejected', 'cc_rejected_bad_filled_other'],
  DUPL: ['rejected', 'cc_rejected_duplicated_payment'],
  LOCK: ['rejected', 'cc_rejected_card_disabled'],
  CARD: ['rejected', 'cc_rejected_card_type_not_allowed'],
  INST: ['rejected', 'cc_rejected_invalid_installments'],
  ATTE: ['rejected', 'cc_rejected_max_attempts'],
  BLAC: ['rejected', 'cc_rejected_blacklist'],
};

/** MercadoPago's fee in the fake: 4.99% of the amount, as a flat card rate. */
const FAKE_FEE_RATE = 0.0499;
/** MercadoPago's flat fee per paid boleto in the fake, in reais. */
const FAKE_BOLETO_FEE = 3.49;
/** Interest per month the fake's payer pays beyond the first instalment. */
const FAKE_INSTALMENT_RATE = 0.0199;

const round2 = (value: number) => Math.round(value * 100) / 100;

function brandOf(
  cardNumber: string,
): (typeof FAKE_TEST_CARDS)[keyof typeof FAKE_TEST_CARDS] | undefined {
  return Object.values(FAKE_TEST_CARDS).find((card) => card.number === cardNumber);
}

/** A boleto's 47-digit line, made up from the payment id (not a valid bank check digit). */
function fakeDigitableLine(id: number): string {
  const digits = `23790${String(id).padStart(12, '0')}`.padEnd(47, '0');
  return digits;
}

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
  options: { accessToken?: string; publicKey?: string; port?: number } = {},
): Promise<FakeMercadoPagoServer> {
  const accessToken = options.accessToken ?? 'TEST-0000000000000000-000000-fake-token';
  const publicKey = options.publicKey ?? 'TEST-00000000-0000-4000-8000-fakepublickey';
  const payments = new Map<string, FakeMercadoPagoPayment>();
  // Promises, so a retry arriving while the first request is still being served waits for it.
  const byIdempotencyKey = new Map<string, Promise<[number, unknown]>>();
  const requests: FakeMercadoPagoRequest[] = [];
  const refundsByKey = new Map<string, unknown>();
  const refunds = new Map<string, FakeMercadoPagoRefund[]>();
  const cardTokens = new Map<
    string,
    FakeMercadoPagoCardToken & { used: boolean; number: string }
  >();
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
    if (typeof asRecord(input.payer).email !== 'string') return [400, 'payer.email must be sent'];
    if (input.payment_method_id === 'bolbradesco') return createBoleto(input, amount);
    if (typeof input.token === 'string') return createCard(input, amount);
    if (input.payment_method_id !== 'pix') return [400, 'Invalid payment_method_id'];

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

  function basePayment(input: Record<string, unknown>, amount: number) {
    const id = nextId++;
    return {
      id,
      description: typeof input.description === 'string' ? input.description : '',
      external_reference:
        typeof input.external_reference === 'string' ? input.external_reference : null,
      transaction_amount: amount,
      currency_id: 'BRL' as const,
      date_created: new Date().toISOString(),
      transaction_amount_refunded: 0,
      notification_url: typeof input.notification_url === 'string' ? input.notification_url : null,
      payer: input.payer,
    };
  }

  /** A card payment: the token (single-use) and the holder's name decide, as in the sandbox. */
  function createCard(input: Record<string, unknown>, amount: number): [number, unknown] {
    const token = cardTokens.get(String(input.token));
    if (!token) return [400, 'Card token not found'];
    if (token.used) return [400, 'Card token already used'];
    const card = brandOf(token.number);
    if (!card || input.payment_method_id !== card.brand) {
      return [400, 'The payment_method_id does not match the card'];
    }
    const installments = input.installments;
    if (typeof installments !== 'number' || !Number.isInteger(installments) || installments < 1) {
      return [400, 'Invalid installments'];
    }
    if (installments > 12 || (card.type === 'debit_card' && installments !== 1)) {
      return [400, 'Invalid installments'];
    }
    token.used = true;
    const [status, statusDetail] = HOLDER_OUTCOMES[token.cardholder.name.toUpperCase()] ?? [
      'rejected',
      'cc_rejected_other_reason',
    ];
    const approved = status === 'approved';
    const fee = round2(amount * FAKE_FEE_RATE);
    const payment: FakeMercadoPagoPayment = {
      ...basePayment(input, amount),
      status,
      status_detail: statusDetail,
      payment_method_id: card.brand,
      payment_type_id: card.type,
      date_of_expiration: null,
      installments,
      issuer_id:
        typeof input.issuer_id === 'string' || typeof input.issuer_id === 'number'
          ? String(input.issuer_id)
          : '24',
      card: {
        first_six_digits: token.first_six_digits,
        last_four_digits: token.last_four_digits,
        cardholder: { name: token.cardholder.name },
      },
      fee_details: approved
        ? [{ type: 'mercadopago_fee', amount: fee, fee_payer: 'collector' }]
        : [],
      transaction_details: {
        net_received_amount: approved ? round2(amount - fee) : 0,
        total_paid_amount: amount,
        installment_amount: round2(amount / installments),
        external_resource_url: null,
      },
    };
    payments.set(String(payment.id), payment);
    creations += 1;
    return [201, payment];
  }

  /** A boleto: the payer's CPF and address are mandatory; it waits until `pay`. */
  function createBoleto(input: Record<string, unknown>, amount: number): [number, unknown] {
    const payer = asRecord(input.payer);
    const identification = asRecord(payer.identification);
    const address = asRecord(payer.address);
    if (identification.type !== 'CPF' || !/^\d{11}$/.test(String(identification.number))) {
      return [400, 'payer.identification is invalid'];
    }
    for (const field of [
      'zip_code',
      'street_name',
      'street_number',
      'neighborhood',
      'city',
      'federal_unit',
    ]) {
      if (typeof address[field] !== 'string' || !address[field]) {
        return [400, `payer.address.${field} must be sent`];
      }
    }
    if (typeof payer.first_name !== 'string' || typeof payer.last_name !== 'string') {
      return [400, 'payer.first_name and payer.last_name must be sent'];
    }
    const base = basePayment(input, amount);
    const dueDate =
      typeof input.date_of_expiration === 'string'
        ? input.date_of_expiration
        : new Date(Date.now() + 3 * 86_400_000).toISOString();
    const line = fakeDigitableLine(base.id);
    const payment: FakeMercadoPagoPayment = {
      ...base,
      status: 'pending',
      status_detail: 'pending_waiting_payment',
      payment_method_id: 'bolbradesco',
      payment_type_id: 'ticket',
      date_of_expiration: dueDate,
      transaction_details: {
        net_received_amount: 0,
        total_paid_amount: amount,
        installment_amount: null,
        external_resource_url: `${url}/payments/${base.id}/ticket?caller_id=1&payment_method_reference_id=${base.id}&hash=${randomUUID()}`,
        digitable_line: line,
        barcode: { content: line.slice(0, 44) },
      },
    };
    payments.set(String(payment.id), payment);
    creations += 1;
    return [201, payment];
  }

  /** POST /v1/card_tokens: only MercadoPago's test cards, with their CVV and expiry 11/30. */
  function tokenize(body: unknown): [number, unknown] {
    const input = asRecord(body);
    const number = (typeof input.card_number === 'string' ? input.card_number : '').replace(
      /\D/g,
      '',
    );
    const card = brandOf(number);
    if (!card) return [400, 'Invalid card_number'];
    if (input.security_code !== card.cvv) return [400, 'Invalid security_code'];
    const month = Number(input.expiration_month);
    const year = Number(input.expiration_year);
    if (month !== 11 || (year !== 2030 && year !== 30)) return [400, 'Invalid expiration date'];
    const holder = asRecord(input.cardholder);
    if (typeof holder.name !== 'string' || !holder.name)
      return [400, 'cardholder.name is required'];
    const token = {
      id: randomUUID().replaceAll('-', ''),
      first_six_digits: number.slice(0, 6),
      last_four_digits: number.slice(-4),
      expiration_month: month,
      expiration_year: 2030,
      cardholder: { name: holder.name, identification: holder.identification ?? null },
      status: 'active' as const,
      date_created: new Date().toISOString(),
    };
    cardTokens.set(token.id, { ...token, used: false, number });
    return [201, token];
  }

  /** GET /v1/payment_methods/installments?amount&bin: 1 to 12 instalments, interest after 1x. */
  function installmentsFor(query: Record<string, string>): [number, unknown] {
    const amount = Number(query.amount);
    const card = Object.values(FAKE_TEST_CARDS).find((c) => c.number.startsWith(query.bin ?? '-'));
    if (!Number.isFinite(amount) || amount <= 0) return [400, 'Invalid amount'];
    if (!card || (query.bin ?? '').length < 6) return [400, 'Invalid bin'];
    const most = card.type === 'debit_card' ? 1 : 12;
    const payerCosts = Array.from({ length: most }, (_, index) => {
      const installments = index + 1;
      const rate = installments === 1 ? 0 : round2(FAKE_INSTALMENT_RATE * installments * 100);
      const total = round2(amount * (1 + rate / 100));
      const each = round2(total / installments);
      return {
        installments,
        installment_rate: rate,
        discount_rate: 0,
        labels: rate === 0 ? ['CFT_0,00%|TEA_0,00%'] : [],
        min_allowed_amount: 1,
        max_allowed_amount: 60000,
        recommended_message: `${installments} parcela${installments > 1 ? 's' : ''} de R$ ${each.toFixed(2).replace('.', ',')} (R$ ${total.toFixed(2).replace('.', ',')})`,
        installment_amount: each,
        total_amount: total,
      };
    });
    return [
      200,
      [
        {
          payment_method_id: card.brand,
          payment_type_id: card.type,
          issuer: { id: '24', name: card.brand },
          processing_mode: 'aggregator',
          payer_costs: payerCosts,
        },
      ],
    ];
  }

  /** GET /v1/payment_methods/search?bins: the test card's brand, as MercadoPago.js reads it. */
  function paymentMethodsFor(query: Record<string, string>): [number, unknown] {
    const bin = query.bins ?? '';
    const card = Object.values(FAKE_TEST_CARDS).find(
      (c) => bin.length >= 6 && c.number.startsWith(bin),
    );
    const results = card
      ? [
          {
            id: card.brand,
            name: card.brand === 'master' ? 'Mastercard' : card.brand,
            payment_type_id: card.type,
            status: 'active',
            thumbnail: null,
            issuer: { id: 24, name: card.brand },
            settings: [
              {
                card_number: { length: card.number.length, validation: 'standard' },
                security_code: {
                  length: card.cvv.length,
                  card_location: 'back',
                  mode: 'mandatory',
                },
                bin: { pattern: `^${card.number.slice(0, 6)}` },
              },
            ],
            additional_info_needed: ['cardholder_name', 'cardholder_identification_number'],
          },
        ]
      : [];
    return [200, { paging: { total: results.length, limit: 30, offset: 0 }, results }];
  }

  /**
   * What MercadoPago.js may call with the public key alone, from the shopper's browser (CORS):
   * the SDK, its secure fields' pages, tokenizing, and the card's brand and instalments.
   * Undefined: not a public route.
   */
  function publicRoute(
    request: FakeMercadoPagoRequest,
  ): { status: number; type: string; body: string } | [number, unknown] | undefined {
    const { method, path, query } = request;
    if (method === 'GET' && path === '/js/v2') {
      return { status: 200, type: 'text/javascript; charset=utf-8', body: fakeSdkScript(url) };
    }
    const field = /^\/js\/v2\/fields\/([A-Za-z]+)$/.exec(path)?.[1];
    if (method === 'GET' && field) {
      if (!FAKE_SDK_FIELD_TYPES.includes(field as FakeSdkFieldType)) return [404, 'Not found'];
      return {
        status: 200,
        type: 'text/html; charset=utf-8',
        body: fakeSdkFieldPage(field as FakeSdkFieldType, query),
      };
    }
    if (query.public_key === undefined) return undefined;
    if (query.public_key !== publicKey) return [401, 'invalid public_key'];
    if (method === 'POST' && path === '/v1/card_tokens') return tokenize(request.body);
    if (method === 'GET' && path === '/v1/payment_methods/installments') {
      return installmentsFor(query);
    }
    if (method === 'GET' && path === '/v1/payment_methods/search') return paymentMethodsFor(query);
    if (method === 'GET' && path === '/v1/identification_types') {
      return [
        200,
        [
          { id: 'CPF', name: 'CPF', type: 'number', min_length: 11, max_length: 11 },
          { id: 'CNPJ', name: 'CNPJ', type: 'number', min_length: 14, max_length: 14 },
        ],
      ];
    }
    if (method === 'GET' && path === '/v1/payment_methods/card_issuers') {
      return [200, [{ id: '24', name: query.payment_method_id ?? 'master' }]];
    }
    return [404, 'Not found'];
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
    if (request.method === 'POST' && request.path === '/v1/card_tokens') {
      return tokenize(request.body);
    }
    if (request.method === 'GET' && request.path === '/v1/payment_methods/installments') {
      return installmentsFor(request.query);
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

  /** Marks a pending payment approved (a boleto paid), as MercadoPago's clearing would. */
  function markPaid(id: string): FakeMercadoPagoPayment | undefined {
    const payment = payments.get(id);
    if (!payment || !CANCELLABLE.has(payment.status)) return undefined;
    // A boleto costs the collector a flat fee; cards and PIX a rate of the amount.
    const fee =
      payment.payment_method_id === 'bolbradesco'
        ? FAKE_BOLETO_FEE
        : round2(payment.transaction_amount * FAKE_FEE_RATE);
    payment.status = 'approved';
    payment.status_detail = 'accredited';
    payment.fee_details = [{ type: 'mercadopago_fee', amount: fee, fee_payer: 'collector' }];
    payment.transaction_details = {
      total_paid_amount: payment.transaction_amount,
      installment_amount: null,
      external_resource_url: null,
      ...payment.transaction_details,
      net_received_amount: round2(payment.transaction_amount - fee),
    };
    return payment;
  }

  async function notifyAbout(
    targetUrl: string,
    paymentId: string | number,
    notifyOptions: FakeMercadoPagoNotifyOptions,
  ): Promise<{ status: number; body: string }> {
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

    // The browser's calls: any page may make them, as MercadoPago's public routes allow.
    const open = publicRoute(request);
    if (open) {
      response.setHeader('access-control-allow-origin', '*');
      if (!Array.isArray(open)) {
        response.writeHead(open.status, { 'content-type': open.type, 'cache-control': 'no-store' });
        return void response.end(open.body);
      }
      const [status, result] = open;
      return typeof result === 'string'
        ? error(response, status, result)
        : send(response, status, result);
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'content-type',
      });
      return void response.end();
    }

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
    publicKey,
    sdkUrl: `${url}/js/v2`,
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
    notify: notifyAbout,
    cardToken(holderName, cardName = 'master') {
      const card = FAKE_TEST_CARDS[cardName];
      const [status, token] = tokenize({
        card_number: card.number,
        security_code: card.cvv,
        expiration_month: 11,
        expiration_year: 2030,
        cardholder: { name: holderName, identification: { type: 'CPF', number: '12345678909' } },
      });
      if (status !== 201) {
        return Promise.reject(new Error(`fake MercadoPago refused the test card ${cardName}`));
      }
      return Promise.resolve((token as FakeMercadoPagoCardToken).id);
    },
    async pay(paymentId, notifyOptions, targetUrl) {
      const payment = markPaid(String(paymentId));
      if (!payment) throw new Error(`fake MercadoPago has no pending payment ${paymentId}`);
      const target = targetUrl ?? payment.notification_url;
      if (!target) throw new Error(`payment ${paymentId} has no notification_url`);
      return notifyAbout(target, payment.id, notifyOptions);
    },
    reset() {
      payments.clear();
      cardTokens.clear();
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
