import { s10CheckDigit } from '@lumina/shared/orders/tracking-code';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  FAKE_MELHOR_ENVIO_SERVICES,
  fakeCalculate,
  fakeServiceOf,
} from './fake-melhor-envio-calculate.ts';
import { simplePdf } from './fake-melhor-envio-pdf.ts';
import { signMelhorEnvioBody } from './melhor-envio-webhook.ts';
import { centsToReais, formatMelhorEnvioDate, reaisToCents } from './melhor-envio-wire.ts';

export interface FakeMelhorEnvioRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  /** JSON parsed; a form (the token endpoint) as an object of its fields; else null. */
  body: unknown;
}

/** What the fake answers; tests change it between calls. */
export interface FakeMelhorEnvioBehaviour {
  /**
   * 'error' answers 500 and 'garbage' a 200 the shop cannot read, to every API call without
   * acting; 'slow' acts and then waits `slowMs` before answering, on every path.
   */
  mode: 'ok' | 'error' | 'slow' | 'garbage';
  /**
   * The entries of a successful calculation, as Melhor Envio writes them; null: worked out for
   * the parcel asked about (fake-melhor-envio-calculate.ts).
   */
  entries: Record<string, unknown>[] | null;
  /** A service's deadline in business days, by its id, instead of its usual one. */
  deliveryDays: Record<number, number>;
  /** Services whose quote answers that the carrier does not reach the destination. */
  notServed: number[];
  slowMs: number;
  /** The wallet: checkout takes from it, a cancellation gives back. */
  balanceCents: number;
  /** The next request to `path` ('*': any) gets exactly this answer, without acting. */
  failNext: { path: string; status: number; body: unknown } | null;
  /** The next request to this path ('*': any) is acted on, then its socket closes unanswered. */
  dropNext: string | null;
  /**
   * Whether GET /orders/search matches a label's tags (besides its id, protocol and tracking
   * code): Melhor Envio's docs do not say, so the shop must also cope without it.
   */
  searchMatchesTags: boolean;
}

export type FakeMelhorEnvioLabelStatus =
  'pending' | 'released' | 'generated' | 'posted' | 'delivered' | 'canceled';

export interface FakeMelhorEnvioLabel {
  id: string;
  protocol: string;
  serviceId: number;
  status: FakeMelhorEnvioLabelStatus;
  priceCents: number;
  tags: { tag: string; url: string | null }[];
  trackingCode: string | null;
  /** The cart body as posted, for assertions. */
  body: Record<string, unknown>;
  createdAt: Date;
  paidAt: Date | null;
  generatedAt: Date | null;
  postedAt: Date | null;
  deliveredAt: Date | null;
  canceledAt: Date | null;
}

export interface FakeMelhorEnvioTokens {
  token_type: 'Bearer';
  expires_in: number;
  access_token: string;
  refresh_token: string;
}

export interface FakeMelhorEnvioWebhookDelivery {
  event: string;
  status: number;
  body: string;
}

export interface FakeMelhorEnvioOptions {
  port?: number;
  /** Where GET /oauth/authorize sends the browser back when the request names no redirect_uri. */
  redirectUri?: string;
  webhookUrl?: string;
  webhookSecret?: string;
}

export interface FakeMelhorEnvioServer {
  url: string;
  /** A token pasted from the panel: always accepted, besides those the OAuth flow issues. */
  token: string;
  clientId: string;
  clientSecret: string;
  behaviour: FakeMelhorEnvioBehaviour;
  requests: FakeMelhorEnvioRequest[];
  labels: Map<string, FakeMelhorEnvioLabel>;
  /** A label's price by Melhor Envio's service id (FAKE_MELHOR_ENVIO_SERVICES). */
  prices: Record<number, number>;
  redirectUri: string | null;
  /** Where post() and deliver() send the signed webhook; null: none is sent. */
  webhookUrl: string | null;
  /** The app's secret that signs the webhooks (Melhor Envio uses the client secret). */
  webhookSecret: string | null;
  webhooks: FakeMelhorEnvioWebhookDelivery[];
  /** A live token pair without the browser's round trip. */
  issueTokens(): FakeMelhorEnvioTokens;
  /** Every access token the OAuth flow issued answers 401 from now on (refresh tokens work). */
  expireAccessTokens(): void;
  /** The carrier takes the parcel: a generated label becomes posted (and the shop is told). */
  post(providerOrderId: string): Promise<FakeMelhorEnvioWebhookDelivery | null>;
  /** The parcel reaches the customer: a posted label becomes delivered (and the shop is told). */
  deliver(providerOrderId: string): Promise<FakeMelhorEnvioWebhookDelivery | null>;
  /** Forgets labels, requests and webhooks, and restores the behaviour; tokens stay. */
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_MELHOR_ENVIO_ENTRIES: Record<string, unknown>[] = [
  {
    id: 1,
    name: 'PAC',
    price: '24.90',
    custom_price: '26.35',
    discount: '3.10',
    currency: 'R$',
    delivery_time: 6,
    custom_delivery_time: 8,
    company: { id: 1, name: 'Correios' },
  },
  {
    id: 2,
    name: 'SEDEX',
    price: 41.7,
    delivery_time: 2,
    company: { id: 1, name: 'Correios' },
  },
];

export const FAKE_MELHOR_ENVIO_BALANCE_CENTS = 100_000;

const API = '/api/v2/me';
const ACCESS_TOKEN_SECONDS = 30 * 24 * 60 * 60;
const NOT_CANCELLABLE = 'Esta etiqueta já foi postada e não pode mais ser cancelada.';
const INSUFFICIENT_BALANCE = 'Saldo insuficiente para realizar a compra.';
const INVALID_GRANT =
  'The provided authorization grant (e.g. authorization code, resource owner credentials) or refresh token is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.';

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Sent as is (the PDF); else `body` as JSON. */
  raw?: Buffer;
}

const json = (status: number, body: unknown): Answer => ({ status, body });
const invalid = (field: string, message: string) =>
  json(422, { message: 'The given data was invalid.', errors: { [field]: [message] } });

function defaultBehaviour(): FakeMelhorEnvioBehaviour {
  return {
    mode: 'ok',
    entries: null,
    deliveryDays: {},
    notServed: [],
    slowMs: 1_000,
    balanceCents: FAKE_MELHOR_ENVIO_BALANCE_CENTS,
    failNext: null,
    dropNext: null,
    searchMatchesTags: true,
  };
}

function parseBody(request: IncomingMessage, text: string): unknown {
  if (!text) return null;
  if (String(request.headers['content-type']).includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
/** A field a person or the shop typed: its text, or '' for anything that is not text. */
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((item) => String(item)) : [];
const date = (value: Date | null) => (value ? formatMelhorEnvioDate(value) : null);

/** A label as Melhor Envio's listings, search and webhooks write it. */
function labelJson(label: FakeMelhorEnvioLabel) {
  const options = record(label.body.options);
  return {
    id: label.id,
    protocol: label.protocol,
    service_id: label.serviceId,
    status: label.status,
    price: centsToReais(label.priceCents),
    insurance_value: options.insurance_value ?? null,
    non_commercial: options.non_commercial ?? true,
    tracking: label.trackingCode,
    self_tracking: null,
    tags: label.tags,
    created_at: date(label.createdAt),
    paid_at: date(label.paidAt),
    generated_at: date(label.generatedAt),
    posted_at: date(label.postedAt),
    delivered_at: date(label.deliveredAt),
    canceled_at: date(label.canceledAt),
    expired_at: null,
    updated_at: date(
      label.canceledAt ??
        label.deliveredAt ??
        label.postedAt ??
        label.generatedAt ??
        label.paidAt ??
        label.createdAt,
    ),
  };
}

/** The checks Melhor Envio's cart makes that the shop's body could fail. */
function cartProblem(body: Record<string, unknown>, prices: Record<number, number>): Answer | null {
  if (!(Number(body.service) in prices))
    return invalid('service', 'O serviço informado é inválido.');
  if (fakeServiceOf(Number(body.service))?.needsAgency && !body.agency) {
    return invalid('agency', 'O campo agency é obrigatório para esta transportadora.');
  }
  for (const side of ['from', 'to'] as const) {
    const party = record(body[side]);
    if (!/^\d{8}$/.test(text(party.postal_code))) {
      return invalid(`${side}.postal_code`, `O campo ${side}.postal_code é obrigatório.`);
    }
    if (!party.name) return invalid(`${side}.name`, `O campo ${side}.name é obrigatório.`);
    if (!party.document && !party.company_document) {
      return invalid(`${side}.document`, `O campo ${side}.document é obrigatório.`);
    }
  }
  if (!Array.isArray(body.products) || body.products.length === 0) {
    return invalid('products', 'O campo products é obrigatório.');
  }
  if (!Array.isArray(body.volumes) || body.volumes.length === 0) {
    return invalid('volumes', 'O campo volumes é obrigatório.');
  }
  const options = record(body.options);
  const key = record(options.invoice).key;
  if (options.non_commercial === true && options.invoice !== undefined) {
    return invalid(
      'options.invoice',
      'A nota fiscal não deve ser informada em envios não comerciais.',
    );
  }
  if (options.non_commercial !== true && !/^\d{44}$/.test(text(key))) {
    return invalid('options.invoice.key', 'A chave da nota fiscal deve ter 44 dígitos.');
  }
  return null;
}

/**
 * A local stand-in for Melhor Envio on a free loopback port (or `port`): the shipment
 * calculator for several carriers (fake-melhor-envio-calculate.ts), the label flow (cart,
 * checkout from an in-memory wallet, generate with Correios S10 tracking codes for the Correios'
 * services, print to a real PDF, cancel, tracking, search), the OAuth app (an account
 * that approves at once) and signed webhooks when a person, or a test, posts or delivers a
 * parcel. It wants the fixed bearer token or one it issued.
 */
export async function startFakeMelhorEnvio(
  options: FakeMelhorEnvioOptions = {},
): Promise<FakeMelhorEnvioServer> {
  const token = 'me-token-de-teste';
  const clientId = '7001';
  const clientSecret = 'fake-melhor-envio-client-secret';
  const requests: FakeMelhorEnvioRequest[] = [];
  const labels = new Map<string, FakeMelhorEnvioLabel>();
  const prints = new Map<string, string[]>();
  const codes = new Map<string, string>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  let sequence = 0;
  let trackingSerial = 47_312_482;

  const server: FakeMelhorEnvioServer = {
    url: '',
    token,
    clientId,
    clientSecret,
    behaviour: defaultBehaviour(),
    requests,
    labels,
    prices: Object.fromEntries(
      FAKE_MELHOR_ENVIO_SERVICES.map((service) => [service.id, service.priceCents]),
    ),
    redirectUri: options.redirectUri ?? null,
    webhookUrl: options.webhookUrl ?? null,
    webhookSecret: options.webhookSecret ?? null,
    webhooks: [],
    issueTokens,
    expireAccessTokens: () => accessTokens.clear(),
    post: (id) => move(id, 'generated', 'posted'),
    deliver: (id) => move(id, 'posted', 'delivered'),
    reset() {
      labels.clear();
      prints.clear();
      requests.length = 0;
      server.webhooks.length = 0;
      server.behaviour = Object.assign(server.behaviour, defaultBehaviour());
    },
    close: () => Promise.resolve(),
  };

  function issueTokens(): FakeMelhorEnvioTokens {
    const tokens: FakeMelhorEnvioTokens = {
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      access_token: `me-access-${randomBytes(12).toString('hex')}`,
      refresh_token: `me-refresh-${randomBytes(12).toString('hex')}`,
    };
    accessTokens.add(tokens.access_token);
    refreshTokens.add(tokens.refresh_token);
    return tokens;
  }

  /** Correios S10 codes for the Correios' services; another carrier's are its own numbers. */
  function nextTrackingCode(serviceId: number): string {
    trackingSerial += 1;
    const serial = String(trackingSerial).padStart(8, '0');
    const service = fakeServiceOf(serviceId);
    if (service && service.trackingPrefix === null) return `${service.company.id}0${serial}0001`;
    const prefix = service?.trackingPrefix ?? 'AA';
    return `${prefix}${serial}${s10CheckDigit(serial)}BR`;
  }

  async function move(
    id: string,
    from: FakeMelhorEnvioLabelStatus,
    to: 'posted' | 'delivered',
  ): Promise<FakeMelhorEnvioWebhookDelivery | null> {
    const label = labels.get(id);
    if (label?.status !== from) {
      throw new Error(`label ${id} is ${label?.status ?? 'unknown'}, not ${from}`);
    }
    label.status = to;
    if (to === 'posted') label.postedAt = new Date();
    else label.deliveredAt = new Date();
    return notify(`order.${to}`, label);
  }

  /** Melhor Envio's webhook: the label as it is now, signed with the app's secret. */
  async function notify(
    event: string,
    label: FakeMelhorEnvioLabel,
  ): Promise<FakeMelhorEnvioWebhookDelivery | null> {
    if (!server.webhookUrl || !server.webhookSecret) return null;
    const rawBody = JSON.stringify({ event, data: labelJson(label) });
    const response = await fetch(server.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'MelhorEnvio-Webhook',
        'x-me-signature': signMelhorEnvioBody(rawBody, server.webhookSecret),
      },
      body: rawBody,
    });
    const delivery = { event, status: response.status, body: await response.text() };
    server.webhooks.push(delivery);
    return delivery;
  }

  function authorize(query: Record<string, string>): Answer {
    if (query.client_id !== clientId) {
      return json(401, { error: 'invalid_client', message: 'Client authentication failed' });
    }
    const target = query.redirect_uri ?? server.redirectUri;
    if (!target || query.response_type !== 'code') {
      return json(400, {
        error: 'invalid_request',
        message: 'redirect_uri and response_type=code',
      });
    }
    const code = randomBytes(16).toString('hex');
    codes.set(code, target);
    const location = new URL(target);
    location.searchParams.set('code', code);
    if (query.state !== undefined) location.searchParams.set('state', query.state);
    return { status: 302, body: null, headers: { location: location.toString() } };
  }

  function issueFromGrant(body: Record<string, unknown>): Answer {
    if (body.client_id !== clientId || body.client_secret !== clientSecret) {
      return json(401, {
        error: 'invalid_client',
        error_description: 'Client authentication failed',
        message: 'Client authentication failed',
      });
    }
    const refused = json(400, {
      error: 'invalid_grant',
      error_description: INVALID_GRANT,
      message: INVALID_GRANT,
    });
    if (body.grant_type === 'authorization_code') {
      const code = text(body.code);
      const redirect = codes.get(code);
      if (redirect === undefined) return refused;
      if (body.redirect_uri !== undefined && body.redirect_uri !== redirect) return refused;
      codes.delete(code);
      return json(200, issueTokens());
    }
    if (body.grant_type === 'refresh_token') {
      const refresh = text(body.refresh_token);
      // Passport rotates refresh tokens: the one used is spent.
      if (!refreshTokens.delete(refresh)) return refused;
      return json(200, issueTokens());
    }
    return json(400, {
      error: 'unsupported_grant_type',
      message: 'The authorization grant type is not supported by the authorization server.',
    });
  }

  function addToCart(body: Record<string, unknown>): Answer {
    const problem = cartProblem(body, server.prices);
    if (problem) return problem;
    sequence += 1;
    const now = new Date();
    const label: FakeMelhorEnvioLabel = {
      id: randomUUID(),
      protocol: `ORD-${now.getUTCFullYear()}${String(sequence).padStart(8, '0')}`,
      serviceId: Number(body.service),
      status: 'pending',
      priceCents: server.prices[Number(body.service)] ?? 0,
      tags: (Array.isArray(record(body.options).tags)
        ? (record(body.options).tags as unknown[])
        : []
      )
        .map(record)
        .map((tag) => ({
          tag: text(tag.tag),
          url: typeof tag.url === 'string' ? tag.url : null,
        })),
      trackingCode: null,
      body,
      createdAt: now,
      paidAt: null,
      generatedAt: null,
      postedAt: null,
      deliveredAt: null,
      canceledAt: null,
    };
    labels.set(label.id, label);
    return json(201, labelJson(label));
  }

  function checkout(body: Record<string, unknown>): Answer {
    const ids = stringList(body.orders);
    if (ids.length === 0) return invalid('orders', 'O campo orders é obrigatório.');
    const chosen: FakeMelhorEnvioLabel[] = [];
    for (const id of ids) {
      const label = labels.get(id);
      if (label?.status !== 'pending') {
        return json(422, { error: `O envio ${id} não está no carrinho.` });
      }
      chosen.push(label);
    }
    const total = chosen.reduce((sum, label) => sum + label.priceCents, 0);
    if (total > server.behaviour.balanceCents) return json(422, { error: INSUFFICIENT_BALANCE });
    server.behaviour.balanceCents -= total;
    const now = new Date();
    for (const label of chosen) {
      label.status = 'released';
      label.paidAt = now;
    }
    sequence += 1;
    return json(200, {
      purchase: {
        id: randomUUID(),
        protocol: `PUR-${now.getUTCFullYear()}${String(sequence).padStart(8, '0')}`,
        total: centsToReais(total),
        discount: 0,
        status: 'paid',
        paid_at: formatMelhorEnvioDate(now),
        orders: chosen.map(labelJson),
      },
    });
  }

  function generate(body: Record<string, unknown>): Answer {
    const result: Record<string, { status: boolean; message: string }> = {};
    for (const id of stringList(body.orders)) {
      const label = labels.get(id);
      if (label?.status === 'released') {
        label.status = 'generated';
        label.generatedAt = new Date();
        label.trackingCode = nextTrackingCode(label.serviceId);
        result[id] = { status: true, message: 'Envio gerado com sucesso' };
      } else if (label?.status === 'generated') {
        result[id] = { status: true, message: 'Envio já gerado' };
      } else {
        result[id] = { status: false, message: 'Envio não liberado para geração' };
      }
    }
    return json(200, result);
  }

  function print(body: Record<string, unknown>): Answer {
    const ids = stringList(body.orders);
    const printable = ['generated', 'posted', 'delivered'];
    if (ids.length === 0 || ids.some((id) => !printable.includes(labels.get(id)?.status ?? ''))) {
      return json(422, { error: 'Há envios que ainda não foram gerados.' });
    }
    const key = randomBytes(8).toString('hex');
    prints.set(key, ids);
    return json(200, { url: `${server.url}/imprimir/${key}.pdf` });
  }

  function pdf(key: string): Answer {
    const ids = prints.get(key);
    if (!ids) return json(404, { message: 'Not Found' });
    const lines = ['Melhor Envio (fake) - etiquetas', ''];
    for (const id of ids) {
      const label = labels.get(id);
      if (!label) continue;
      const to = record(label.body.to);
      lines.push(
        `${label.protocol}  ${fakeServiceOf(label.serviceId)?.name ?? label.serviceId}  ${label.trackingCode ?? ''}`,
        `  Pedido ${label.tags.map((tag) => tag.tag).join(', ')} - ${text(to.name)}, ` +
          `${text(to.city)}/${text(to.state_abbr)} CEP ${text(to.postal_code)}`,
      );
    }
    return {
      status: 200,
      body: null,
      headers: { 'content-type': 'application/pdf' },
      raw: simplePdf(lines),
    };
  }

  function cancel(body: Record<string, unknown>): Answer {
    const id = text(record(body.order).id);
    const label = labels.get(id);
    if (!label) return json(404, { message: 'Not Found' });
    if (['posted', 'delivered'].includes(label.status))
      return json(422, { error: NOT_CANCELLABLE });
    if (label.status === 'canceled') return json(422, { error: 'Esta etiqueta já foi cancelada.' });
    // A paid label goes back to the wallet.
    if (label.status !== 'pending') server.behaviour.balanceCents += label.priceCents;
    label.status = 'canceled';
    label.canceledAt = new Date();
    return json(200, { [id]: { canceled: true } });
  }

  function tracking(body: Record<string, unknown>): Answer {
    const result: Record<string, unknown> = {};
    for (const id of stringList(body.orders)) {
      const label = labels.get(id);
      if (!label) continue;
      const { protocol, status, tracking: code, ...dates } = labelJson(label);
      result[id] = {
        id,
        protocol,
        status,
        tracking: code,
        melhorenvio_tracking: null,
        created_at: dates.created_at,
        paid_at: dates.paid_at,
        generated_at: dates.generated_at,
        posted_at: dates.posted_at,
        delivered_at: dates.delivered_at,
        canceled_at: dates.canceled_at,
        expired_at: null,
      };
    }
    return json(200, result);
  }

  function search(q: string): Answer {
    const found = [...labels.values()].filter(
      (label) =>
        label.id === q ||
        label.protocol === q ||
        label.trackingCode === q ||
        (server.behaviour.searchMatchesTags && label.tags.some((tag) => tag.tag === q)),
    );
    return json(200, found.map(labelJson));
  }

  function cart(query: Record<string, string>): Answer {
    const perPage = 15;
    const page = Math.max(1, Number(query.page ?? 1) || 1);
    const pending = [...labels.values()].filter((label) => label.status === 'pending');
    const lastPage = Math.max(1, Math.ceil(pending.length / perPage));
    return json(200, {
      current_page: page,
      data: pending.slice((page - 1) * perPage, page * perPage).map(labelJson),
      last_page: lastPage,
      per_page: perPage,
      total: pending.length,
    });
  }

  function api(method: string, path: string, query: Record<string, string>, body: unknown): Answer {
    const route = `${method} ${path.slice(API.length)}`;
    const fields = record(body);
    switch (route) {
      case 'POST /shipment/calculate':
        return json(200, server.behaviour.entries ?? fakeCalculate(fields, server.behaviour));
      case 'POST /cart':
        return addToCart(fields);
      case 'GET /cart':
        return cart(query);
      case 'POST /shipment/checkout':
        return checkout(fields);
      case 'POST /shipment/generate':
        return generate(fields);
      case 'POST /shipment/print':
        return print(fields);
      case 'POST /shipment/cancel':
        return cancel(fields);
      case 'POST /shipment/tracking':
        return tracking(fields);
      case 'GET /balance':
        return json(200, {
          balance: centsToReais(server.behaviour.balanceCents),
          reserved: 0,
          debts: 0,
        });
      case 'GET /orders/search':
        return search(query.q ?? '');
    }
    const order = /^GET \/orders\/([^/]+)$/.exec(route);
    const label = order ? labels.get(decodeURIComponent(order[1] ?? '')) : undefined;
    return label ? json(200, labelJson(label)) : json(404, { message: 'Not Found' });
  }

  function route(
    request: IncomingMessage,
    path: string,
    query: Record<string, string>,
    body: unknown,
  ): Answer {
    const method = request.method ?? 'GET';
    if (method === 'GET' && path === '/oauth/authorize') return authorize(query);
    if (method === 'POST' && path === '/oauth/token') return issueFromGrant(record(body));
    const printed = /^\/imprimir\/([0-9a-f]+)\.pdf$/.exec(path);
    if (method === 'GET' && printed) return pdf(printed[1] ?? '');
    if (!path.startsWith(`${API}/`)) return json(404, { message: 'Not Found' });

    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (bearer !== token && !accessTokens.has(bearer ?? '')) {
      return json(401, { message: 'Unauthenticated.' });
    }
    if (server.behaviour.mode === 'error') return json(500, { message: 'Server Error' });
    if (server.behaviour.mode === 'garbage') return json(200, { message: 'manutenção programada' });
    return api(method, path, query, body);
  }

  const aimsAt = (wanted: string | undefined, path: string) => wanted === '*' || wanted === path;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    const query = Object.fromEntries(url.searchParams);
    const body = parseBody(request, Buffer.concat(chunks).toString('utf8'));
    requests.push({ method: request.method ?? 'GET', path, query, headers: request.headers, body });

    const { behaviour } = server;
    const failure = behaviour.failNext;
    let answer: Answer;
    if (failure && aimsAt(failure.path, path)) {
      answer = json(failure.status, failure.body);
      behaviour.failNext = null;
    } else {
      answer = route(request, path, query, body);
    }
    if (aimsAt(behaviour.dropNext ?? undefined, path)) {
      behaviour.dropNext = null;
      request.socket.destroy();
      return;
    }
    if (behaviour.mode === 'slow')
      await new Promise((resolve) => setTimeout(resolve, behaviour.slowMs));
    if (response.destroyed) return;
    if (answer.raw) {
      response.writeHead(answer.status, answer.headers);
      response.end(answer.raw);
      return;
    }
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    response.end(
      answer.body === null
        ? ''
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body),
    );
  }

  const http = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent && !response.destroyed) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'falha no fake' }));
      }
    });
  });
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  server.url = `http://127.0.0.1:${port}`;
  server.close = () =>
    new Promise<void>((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    });
  return server;
}

/** Reais typed by a person ('150', '150,00' or '150.00') -> cents, or undefined. */
export function fakeBalanceFromText(text: string): number | undefined {
  return reaisToCents(text.trim().replace(',', '.'));
}
