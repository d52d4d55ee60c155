import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { blingDateTime } from './bling-date.ts';
import { buildNfeAccessKey } from './nfe-access-key.ts';

export interface FakeBlingRequest {
  method: string;
  /** The full path, e.g. '/Api/v3/produtos' or '/Api/v3/oauth/token'. */
  path: string;
  /** A key repeated in the query string ('idsProdutos[]') gives an array. */
  query: Record<string, string | string[]>;
  headers: IncomingMessage['headers'];
  /** JSON bodies parsed, form bodies (the token endpoint) as an object of fields, else text. */
  body: unknown;
}

export interface FakeBlingDimensions {
  largura: number;
  altura: number;
  profundidade: number;
  unidadeMedida: number;
}

/** A stored product, in Bling's field names. Its stock lives in `stock`, keyed by its id. */
export interface FakeBlingProduct {
  id: number;
  nome: string;
  /** The SKU. */
  codigo: string;
  /** Reais, as a number. */
  preco: number;
  tipo: 'P' | 'S' | 'N';
  situacao: 'A' | 'I';
  formato: 'S' | 'V' | 'E';
  descricaoCurta: string;
  imagemURL: string;
  marca: string;
  gtin: string;
  pesoBruto: number;
  pesoLiquido: number;
  dimensoes: FakeBlingDimensions;
  midia: { imagens: { externas: { link: string }[] } };
  /** Set on a variation only: its name, order and parent. */
  variacao: { nome: string; ordem: number; produtoPai: { id: number } } | null;
  /** A parent's variations: the same objects as in `products`. */
  variacoes: FakeBlingProduct[];
  /** 'YYYY-MM-DD HH:MM:SS' in Brasília time, set on every change; only a filter, never answered. */
  dataAlteracao: string;
}

export interface FakeBlingProductInput extends Partial<
  Omit<FakeBlingProduct, 'variacao' | 'variacoes' | 'dimensoes'>
> {
  dimensoes?: Partial<FakeBlingDimensions>;
  /** Seeds `stock` for this product. */
  estoque?: { saldoVirtualTotal?: number };
  variacoes?: FakeBlingVariationInput[];
}

export interface FakeBlingVariationInput extends Omit<FakeBlingProductInput, 'variacoes'> {
  variacao?: { nome?: string; ordem?: number };
}

export type FakeBlingProductPatch = Omit<FakeBlingProductInput, 'id' | 'variacoes'>;

export interface FakeBlingStockMovement {
  id: number;
  productId: number;
  depositId: number;
  /** B = balanço (set the balance), E = entrada (+), S = saída (−). */
  operation: 'B' | 'E' | 'S';
  quantity: number;
  note: string | null;
  balanceAfter: number;
}

export interface FakeBlingContact {
  id: number;
  nome: string;
  /** Digits only. */
  numeroDocumento: string;
  email: string;
  tipo: 'F' | 'J' | 'E';
  /** The body as posted (address, phones...), for assertions. */
  body: Record<string, unknown>;
}

export interface FakeBlingSalesOrder {
  id: number;
  numero: number;
  numeroLoja: string | null;
  contatoId: number;
  /** The body as posted (itens, parcelas, transporte...), for assertions. */
  body: Record<string, unknown>;
}

/**
 * What sending an NF-e to SEFAZ does: 'authorise' (situacao 5 at once), 'reject' (situacao 4,
 * the send answered 400 with SEFAZ's words) or 'processing' (3, then 8, for `processingReads`
 * reads of GET /nfe/{id}, then 5).
 */
export type FakeBlingNfeOutcome = 'authorise' | 'reject' | 'processing';

/** An NF-e generated from a sales order, in Bling's terms. */
export interface FakeBlingNfe {
  id: number;
  salesOrderId: number;
  /** 1 Pendente, 2 Cancelada, 3 Aguardando recibo, 4 Rejeitada, 5 Autorizada, 8 Aguardando protocolo... */
  situacao: number;
  /** Bling numbers a note when it creates it (POST /nfe answers numero and serie). */
  numero: number;
  serie: number;
  /** Issued with the authorisation; null before. */
  chaveAcesso: string | null;
  authorisedAt: Date | null;
  /** SEFAZ's words for the last rejection. */
  rejection: string | null;
  /** GET reads left before a 'processing' note is authorised; null when not processing. */
  readsLeft: number | null;
}

/** The shop the fake's NF-e are issued by: a São Paulo CNPJ whose check digits are valid. */
export const FAKE_BLING_NFE_ISSUER = { cnpj: '11222333000181', stateCode: 35 } as const;

export interface FakeBlingTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
  scope: string;
}

export interface FakeBlingWebhookEvent {
  /** 'product.updated', 'stock.updated', 'order.updated'... */
  event: string;
  data: object;
  eventId?: string;
  date?: string;
}

export interface FakeBlingOptions {
  clientId?: string;
  clientSecret?: string;
  /** API requests allowed within any sliding second (Bling's limit is 3). */
  perSecond?: number;
  /** Where GET /oauth/authorize sends the browser back (the app's registered redirect URL). */
  redirectUri?: string;
  /** A fixed port (default: any free one). */
  port?: number;
  /** What sending an NF-e does (default 'authorise'); reset() comes back to it. */
  nfeOutcome?: FakeBlingNfeOutcome;
  /** Reads a 'processing' NF-e stays unauthorised (default 2); reset() comes back to it. */
  processingReads?: number;
}

export interface FakeBlingServer {
  url: string;
  /** `${url}/Api/v3`: the client's apiUrl. */
  apiUrl: string;
  /** `${url}/Api/v3/oauth`: the OAuth client's authUrl. */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** Settable; reset() keeps it. */
  perSecond: number;
  /** The lifetime of new access tokens (default 21600, 6 h). Settable; reset() keeps it. */
  expiresInSeconds: number;
  requests: FakeBlingRequest[];
  products: Map<number, FakeBlingProduct>;
  /** Balance by product id (physical = virtual here: the fake reserves nothing). */
  stock: Map<number, number>;
  stockMovements: FakeBlingStockMovement[];
  contacts: FakeBlingContact[];
  salesOrders: FakeBlingSalesOrder[];
  /** NF-e by id. */
  nfes: Map<number, FakeBlingNfe>;
  /** Settable; reset() brings back the started value. */
  nfeOutcome: FakeBlingNfeOutcome;
  /** Settable; reset() brings back the started value. */
  processingReads: number;
  /** SEFAZ's words when nfeOutcome is 'reject'. Settable; reset() brings back the default. */
  nfeRejection: string;
  /**
   * When set, generating an NF-e is refused (400) with these words, as Bling refuses a shop
   * whose fiscal setup is incomplete. reset() clears it.
   */
  nfeRefusal: string | null;
  /**
   * Generating again for a sales order whose NF-e is not cancelled: 'existing' answers that
   * NF-e's id (the default), 'error' refuses it (400). Bling's own behaviour is not documented.
   * reset() brings back 'existing'.
   */
  nfeRepeat: 'existing' | 'error';
  /** Date.now() of every API request let through by the rate limit (OAuth not counted). */
  acceptedAt: number[];
  /** API requests refused by the sliding-window limit (injected 429s are not counted). */
  readonly rateLimited: number;
  /** Successful refresh_token grants. */
  readonly tokenRefreshes: number;
  setRedirectUri(uri: string): void;
  /** A valid single-use authorization code, as if the shop owner had clicked "Autorizar". */
  issueCode(): string;
  /** A live token pair without going through the code exchange. */
  issueTokens(): FakeBlingTokens;
  /** Every access token issued so far answers 401 from now on; refresh tokens still work. */
  expireAccessTokens(): void;
  /** Forgets every code, access token and refresh token, as when the app is uninstalled. */
  revokeAll(): void;
  addProduct(input?: FakeBlingProductInput): FakeBlingProduct;
  addProducts(
    count: number,
    overrides?: FakeBlingProductInput | ((index: number) => FakeBlingProductInput),
  ): FakeBlingProduct[];
  updateProduct(id: number, patch: FakeBlingProductPatch): FakeBlingProduct;
  /** A variation added to a product in Bling's own screen (the parent becomes formato 'V'). */
  addVariation(parentId: number, input: FakeBlingVariationInput): FakeBlingProduct;
  /** A variation deleted in Bling: gone from its parent and from the product list. */
  removeVariation(id: number): void;
  /** GET /produtos/{productId} answers exactly this body (200) until reset(). */
  respondWithShape(productId: number, body: unknown): void;
  setStock(productId: number, quantity: number): void;
  addContact(input: Partial<Omit<FakeBlingContact, 'id'>>): FakeBlingContact;
  /** The owner cancels the NF-e in Bling's own screen (situacao 2): the API has no call for it. */
  cancelNfe(id: number): void;
  /** The most API requests accepted within any sliding 1000 ms window. */
  peakPerSecond(): number;
  /**
   * The next `count` requests (API or OAuth) fail: 500 answers SERVER_ERROR and 429 the
   * rate-limit body, both without acting; 'timeout' acts (an order is stored, a refresh token
   * rotated) and never answers, like an answer lost on the way back. close() drops it.
   */
  failNext(count: number, mode: 500 | 'timeout' | 429): void;
  /** The next request gets exactly this answer, without acting. */
  respondNextWith(status: number, body: unknown): void;
  /** 'sha256=' + hex HMAC-SHA256 of the raw body with the client secret, as Bling signs. */
  signWebhook(rawBody: string): string;
  /** Serves `bytes` at the answered address, as Bling's image storage would (imagemURL, midia). */
  addImage(name: string, bytes: Buffer, type?: string): string;
  /** POSTs a webhook like Bling; signature: a string replaces it, null omits the header. */
  deliverWebhook(
    targetUrl: string,
    event: FakeBlingWebhookEvent,
    options?: { signature?: string | null },
  ): Promise<{ status: number; body: string }>;
  /** Empties data, tokens, counters, failures and the request log; settings stay. */
  reset(): void;
  close(): Promise<void>;
}

const API_PREFIX = '/Api/v3';
const OAUTH_PREFIX = `${API_PREFIX}/oauth`;
const FIRST_PRODUCT_ID = 16_000_000_001;
const FIRST_CONTACT_ID = 17_000_000_001;
const FIRST_ORDER_ID = 18_000_000_001;
const FIRST_MOVEMENT_ID = 19_000_000_001;
const FIRST_NFE_ID = 20_000_000_001;
const DEFAULT_REJECTION = 'Rejeição 225: Falha no Schema XML do lote de NFe';
const DEFAULT_PROCESSING_READS = 2;
const DEPOSIT = { id: 14_000_000_001, descricao: 'Geral', situacao: 1, padrao: true };
const SCOPE = '98308 98309 98310 98313 98314 5990556 106168710 199272829';
const MAX_PAGE_SIZE = 100;
const WINDOW_MS = 1000;

/** An answer, decided before anything is written to the socket (so 'timeout' can drop it). */
interface Answer {
  status: number;
  body: unknown;
  location?: string;
}

interface FieldError {
  element: string;
  msg: string;
}

interface Call {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

function answer(status: number, body: unknown): Answer {
  return { status, body };
}

/** Bling's error body: {"error":{"type","message","description"}} (+ fields on validation). */
function blingError(
  status: number,
  type: string,
  message: string,
  description: string,
  fields?: FieldError[],
): Answer {
  return answer(status, { error: { type, message, description, ...(fields ? { fields } : {}) } });
}

function validationError(message: string, fields: FieldError[]): Answer {
  const description = fields.map((field) => field.msg).join('; ') || message;
  return blingError(400, 'VALIDATION_ERROR', message, description, fields);
}

function notFound(description: string): Answer {
  return blingError(404, 'RESOURCE_NOT_FOUND', 'Recurso não encontrado', description);
}

/** OAuth errors repeat the type as the message, as Bling does. */
function oauthError(status: number, type: string, description: string): Answer {
  return blingError(status, type, type, description);
}

function rateLimitedAnswer(): Answer {
  return blingError(
    429,
    'TOO_MANY_REQUESTS',
    'Limite de requisições atingido.',
    'Limite de 3 requisições por segundo excedido.',
  );
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function oneOf<T extends string>(value: unknown, options: readonly T[]): T | undefined {
  return options.find((option) => option === value);
}

function digits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Drops undefined entries, so a patch only touches what it names. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}

/**
 * A moment filter: absent answers `fallback` (so comparisons always work), a bare date gets
 * `time`, anything else is invalid (null). Same format on both sides, so strings compare.
 */
function readMoment(value: string | null, time: string, fallback: string): string | null {
  if (!value) return fallback;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value} ${time}`;
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? value : null;
}

/** A positive integer query parameter; absent answers the fallback, invalid answers null. */
function readPositiveInt(value: string | null, fallback: number): number | null {
  if (value === null || value === '') return fallback;
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : null;
}

function queryRecord(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return query;
}

function parseBody(raw: string, contentType: string | undefined): unknown {
  if (!raw) return null;
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

async function readCall(incoming: IncomingMessage): Promise<Call> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const target = new URL(incoming.url ?? '/', 'http://fake');
  return {
    method: incoming.method ?? 'GET',
    path: target.pathname,
    params: target.searchParams,
    headers: incoming.headers,
    body: parseBody(Buffer.concat(chunks).toString('utf8'), incoming.headers['content-type']),
  };
}

function write(response: ServerResponse, result: Answer): void {
  if (result.location) {
    response.writeHead(result.status, { location: result.location });
    response.end();
    return;
  }
  response.writeHead(result.status, { 'content-type': 'application/json' });
  response.end(typeof result.body === 'string' ? result.body : JSON.stringify(result.body));
}

/** PDF text strings escape their delimiters; the DANFE's lines are plain ASCII. */
function pdfText(line: string): string {
  return line.replace(/[\\()]/g, (char) => `\\${char}`);
}

/**
 * A one-page PDF 1.4 a viewer opens: Helvetica text, and a cross-reference table whose offsets
 * are the objects' real byte positions.
 */
function minimalPdf(lines: string[]): Buffer {
  const text = lines.map((line, index) => `${index === 0 ? '' : '0 -18 Td '}(${pdfText(line)}) Tj`);
  const content = `BT /F1 12 Tf 50 790 Td ${text.join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ' +
      '/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

function newToken(): string {
  return randomBytes(20).toString('hex');
}

/** The fields of a product body Bling would read, each kept only if of the right type. */
function productFieldsFromBody(record: Record<string, unknown>): FakeBlingVariationInput {
  const dimensions = asRecord(record.dimensoes);
  const externas = asRecord(asRecord(record.midia).imagens).externas;
  const variation = asRecord(record.variacao);
  return definedOnly({
    nome: text(record.nome)?.trim(),
    codigo: text(record.codigo),
    preco: finite(record.preco),
    tipo: oneOf(record.tipo, ['P', 'S', 'N'] as const),
    situacao: oneOf(record.situacao, ['A', 'I'] as const),
    formato: oneOf(record.formato, ['S', 'V', 'E'] as const),
    descricaoCurta: text(record.descricaoCurta),
    imagemURL: text(record.imagemURL),
    marca: text(record.marca),
    gtin: text(record.gtin),
    pesoBruto: finite(record.pesoBruto),
    pesoLiquido: finite(record.pesoLiquido),
    dimensoes: record.dimensoes
      ? definedOnly({
          largura: finite(dimensions.largura),
          altura: finite(dimensions.altura),
          profundidade: finite(dimensions.profundidade),
          unidadeMedida: finite(dimensions.unidadeMedida),
        })
      : undefined,
    midia: Array.isArray(externas)
      ? {
          imagens: {
            externas: externas
              .map((image) => text(asRecord(image).link))
              .filter((link): link is string => link !== undefined)
              .map((link) => ({ link })),
          },
        }
      : undefined,
    variacao: record.variacao
      ? definedOnly({ nome: text(variation.nome), ordem: finite(variation.ordem) })
      : undefined,
  });
}

/** Bling refuses a product without a name or a numeric price (POST and PUT send it whole). */
function productFieldErrors(record: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  if (!text(record.nome)?.trim()) {
    errors.push({ element: 'nome', msg: 'O nome do produto deve ser informado' });
  }
  if (finite(record.preco) === undefined || (finite(record.preco) ?? 0) < 0) {
    errors.push({ element: 'preco', msg: 'O preço do produto deve ser um número' });
  }
  const enums: [string, readonly string[]][] = [
    ['tipo', ['P', 'S', 'N']],
    ['situacao', ['A', 'I']],
    ['formato', ['S', 'V', 'E']],
  ];
  for (const [element, options] of enums) {
    if (record[element] !== undefined && oneOf(record[element], options) === undefined) {
      errors.push({ element, msg: `${element} deve ser um de ${options.join(', ')}` });
    }
  }
  if (record.codigo !== undefined && typeof record.codigo !== 'string') {
    errors.push({ element: 'codigo', msg: 'O código deve ser um texto' });
  }
  return errors;
}

/**
 * A local stand-in for Bling ERP API v3 on a free loopback port (REFERENCE.md, Bling): OAuth
 * with single-use codes and rotating refresh tokens, bearer checks, the 3-a-second limit,
 * products, stock, contacts, sales orders, NF-e generated from them (with a DANFE PDF and the
 * XML served at their links) and signed webhooks, held in memory.
 */
export async function startFakeBlingServer(
  options: FakeBlingOptions = {},
): Promise<FakeBlingServer> {
  const clientId = options.clientId ?? 'fake-bling-client';
  const clientSecret = options.clientSecret ?? 'fake-bling-secret';
  let perSecond = options.perSecond ?? 3;
  let expiresInSeconds = 21_600;
  let redirectUri = options.redirectUri ?? null;

  const requests: FakeBlingRequest[] = [];
  const products = new Map<number, FakeBlingProduct>();
  const stock = new Map<number, number>();
  const stockMovements: FakeBlingStockMovement[] = [];
  const contacts: FakeBlingContact[] = [];
  const salesOrders: FakeBlingSalesOrder[] = [];
  const nfes = new Map<number, FakeBlingNfe>();
  const startedNfeOutcome = options.nfeOutcome ?? 'authorise';
  const startedProcessingReads = options.processingReads ?? DEFAULT_PROCESSING_READS;
  let nfeOutcome = startedNfeOutcome;
  let processingReads = startedProcessingReads;
  let nfeRejection = DEFAULT_REJECTION;
  let nfeRefusal: string | null = null;
  let nfeRepeat: 'existing' | 'error' = 'existing';
  const acceptedAt: number[] = [];
  const shapes = new Map<number, unknown>();
  const codes = new Set<string>();
  /** Access token → the moment (ms) it stops working. */
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const failures: (500 | 'timeout' | 429)[] = [];
  const canned: Answer[] = [];
  let rateLimited = 0;
  let tokenRefreshes = 0;
  let nextProductId = FIRST_PRODUCT_ID;
  let nextContactId = FIRST_CONTACT_ID;
  let nextOrderId = FIRST_ORDER_ID;
  let nextMovementId = FIRST_MOVEMENT_ID;
  let nextOrderNumber = 1;
  let nextNfeId = FIRST_NFE_ID;
  let nextNfeNumber = 1;
  let seeded = 0;

  // --- OAuth ---------------------------------------------------------------------------------

  function issueCode(): string {
    const code = newToken();
    codes.add(code);
    return code;
  }

  function issueTokens(): FakeBlingTokens {
    const tokens: FakeBlingTokens = {
      access_token: newToken(),
      refresh_token: newToken(),
      expires_in: expiresInSeconds,
      token_type: 'Bearer',
      scope: SCOPE,
    };
    accessTokens.set(tokens.access_token, Date.now() + expiresInSeconds * 1000);
    refreshTokens.add(tokens.refresh_token);
    return tokens;
  }

  function authorize(params: URLSearchParams): Answer {
    if (params.get('client_id') !== clientId) {
      return oauthError(400, 'invalid_client', 'Aplicativo não encontrado para este client_id');
    }
    if (params.get('response_type') !== 'code') {
      return oauthError(400, 'unsupported_response_type', 'response_type deve ser code');
    }
    if (!redirectUri) {
      return oauthError(400, 'invalid_request', 'No redirect URI: call setRedirectUri() first');
    }
    const target = new URL(redirectUri);
    target.searchParams.set('code', issueCode());
    const state = params.get('state');
    if (state !== null) target.searchParams.set('state', state);
    return { status: 302, body: null, location: target.toString() };
  }

  function hasClientCredentials(header: string | undefined): boolean {
    const encoded = /^Basic\s+(.+)$/i.exec(header ?? '')?.[1];
    if (!encoded) return false;
    return Buffer.from(encoded, 'base64').toString('utf8') === `${clientId}:${clientSecret}`;
  }

  function token(call: Call): Answer {
    if (!hasClientCredentials(call.headers.authorization)) {
      return oauthError(401, 'invalid_client', 'Invalid client credentials');
    }
    // Only a form body is read, as OAuth requires: a JSON body has no grant_type here.
    const form = asRecord(call.body);
    if (form.grant_type === 'authorization_code') {
      // Deleting is what makes a code single-use.
      if (typeof form.code !== 'string' || !codes.delete(form.code)) {
        return oauthError(400, 'invalid_grant', 'Invalid authorization code');
      }
      return answer(200, issueTokens());
    }
    if (form.grant_type === 'refresh_token') {
      // Rotation: the used refresh token is gone, only the new one works afterwards.
      if (typeof form.refresh_token !== 'string' || !refreshTokens.delete(form.refresh_token)) {
        return oauthError(400, 'invalid_grant', 'Invalid refresh token');
      }
      tokenRefreshes += 1;
      return answer(200, issueTokens());
    }
    return oauthError(400, 'unsupported_grant_type', 'grant_type inválido ou ausente');
  }

  function oauth(call: Call, route: string): Answer {
    if (call.method === 'GET' && route === '/authorize') return authorize(call.params);
    if (call.method === 'POST' && route === '/token') return token(call);
    return notFound(`${call.method} ${call.path}`);
  }

  // --- Limits and access -----------------------------------------------------------------------

  /** Sliding window: refused when `perSecond` requests were accepted within the last second. */
  function takeRateSlot(): boolean {
    const now = Date.now();
    let inWindow = 0;
    for (let i = acceptedAt.length - 1; i >= 0 && (acceptedAt[i] ?? 0) > now - WINDOW_MS; i -= 1) {
      inWindow += 1;
    }
    if (inWindow >= perSecond) {
      rateLimited += 1;
      return false;
    }
    acceptedAt.push(now);
    return true;
  }

  function peakPerSecond(): number {
    let peak = 0;
    let start = 0;
    for (let end = 0; end < acceptedAt.length; end += 1) {
      const last = acceptedAt[end] ?? 0;
      while ((acceptedAt[start] ?? 0) <= last - WINDOW_MS) start += 1;
      peak = Math.max(peak, end - start + 1);
    }
    return peak;
  }

  /** Answers the 401 to send, or null when the bearer token is live. */
  function refusedAccess(header: string | undefined): Answer | null {
    const bearer = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1];
    const expiresAt = bearer === undefined ? undefined : accessTokens.get(bearer);
    if (expiresAt === undefined) {
      return oauthError(401, 'invalid_token', 'Invalid access token');
    }
    if (expiresAt <= Date.now()) {
      return oauthError(401, 'invalid_token', 'The access token provided has expired');
    }
    return null;
  }

  // --- Products --------------------------------------------------------------------------------

  function takeProductId(wanted: number | undefined): number {
    const id = wanted ?? nextProductId;
    if (products.has(id)) throw new Error(`fake Bling already has product ${id}`);
    nextProductId = Math.max(nextProductId, id + 1);
    return id;
  }

  function storeProduct(
    input: FakeBlingVariationInput,
    parent: FakeBlingProduct | null,
    order: number,
  ): FakeBlingProduct {
    const id = takeProductId(input.id);
    const variationName = input.variacao?.nome ?? `Variação ${order}`;
    const product: FakeBlingProduct = {
      id,
      nome: input.nome ?? (parent ? `${parent.nome} ${variationName}` : `Produto ${id}`),
      codigo: input.codigo ?? (parent?.codigo ? `${parent.codigo}-${order}` : ''),
      preco: input.preco ?? parent?.preco ?? 0,
      tipo: input.tipo ?? 'P',
      situacao: input.situacao ?? 'A',
      formato: input.formato ?? 'S',
      descricaoCurta: input.descricaoCurta ?? '',
      imagemURL: input.imagemURL ?? '',
      marca: input.marca ?? parent?.marca ?? '',
      gtin: input.gtin ?? '',
      pesoBruto: input.pesoBruto ?? parent?.pesoBruto ?? 0,
      pesoLiquido: input.pesoLiquido ?? parent?.pesoLiquido ?? 0,
      dimensoes: {
        largura: 0,
        altura: 0,
        profundidade: 0,
        unidadeMedida: 1,
        ...parent?.dimensoes,
        ...definedOnly(input.dimensoes ?? {}),
      },
      midia: input.midia ?? { imagens: { externas: [] } },
      variacao: parent
        ? {
            nome: variationName,
            ordem: input.variacao?.ordem ?? order,
            produtoPai: { id: parent.id },
          }
        : null,
      variacoes: [],
      dataAlteracao: input.dataAlteracao ?? blingDateTime(),
    };
    products.set(id, product);
    stock.set(id, input.estoque?.saldoVirtualTotal ?? 0);
    return product;
  }

  /** A product and its variations; having variations makes it formato 'V' unless told. */
  function storeProductTree(input: FakeBlingProductInput): FakeBlingProduct {
    const { variacoes = [], ...fields } = input;
    const product = storeProduct(fields, null, 0);
    product.variacoes = variacoes.map((variation, index) =>
      storeProduct(variation, product, index + 1),
    );
    if (product.variacoes.length > 0 && input.formato === undefined) product.formato = 'V';
    return product;
  }

  function addProduct(input: FakeBlingProductInput = {}): FakeBlingProduct {
    seeded += 1;
    const defaults = {
      nome: `Produto ${seeded}`,
      codigo: `FAKE-${String(seeded).padStart(4, '0')}`,
      preco: 10 + seeded,
    };
    return storeProductTree({ ...defaults, ...definedOnly(input) });
  }

  function applyPatch(product: FakeBlingProduct, patch: FakeBlingProductPatch): void {
    const { estoque, dimensoes, dataAlteracao, ...fields } = patch;
    Object.assign(product, definedOnly(fields));
    if (dimensoes) product.dimensoes = { ...product.dimensoes, ...definedOnly(dimensoes) };
    if (estoque?.saldoVirtualTotal !== undefined) stock.set(product.id, estoque.saldoVirtualTotal);
    product.dataAlteracao = dataAlteracao ?? blingDateTime();
  }

  /** A parent with variations has no stock of its own: Bling shows the sum of its variations. */
  function balanceOf(product: FakeBlingProduct): number {
    if (product.variacoes.length === 0) return stock.get(product.id) ?? 0;
    return product.variacoes.reduce((sum, variation) => sum + balanceOf(variation), 0);
  }

  function listedFields(product: FakeBlingProduct): Record<string, unknown> {
    return {
      id: product.id,
      ...(product.variacao ? { idProdutoPai: product.variacao.produtoPai.id } : {}),
      nome: product.nome,
      codigo: product.codigo,
      preco: product.preco,
      tipo: product.tipo,
      situacao: product.situacao,
      formato: product.formato,
      descricaoCurta: product.descricaoCurta,
      imagemURL: product.imagemURL,
      estoque: { saldoVirtualTotal: balanceOf(product) },
    };
  }

  function detailFields(product: FakeBlingProduct): Record<string, unknown> {
    return {
      ...listedFields(product),
      gtin: product.gtin,
      marca: product.marca,
      pesoLiquido: product.pesoLiquido,
      pesoBruto: product.pesoBruto,
      dimensoes: product.dimensoes,
      midia: product.midia,
      ...(product.variacao ? { variacao: product.variacao } : {}),
      variacoes: product.variacoes.map((variation) => ({
        ...listedFields(variation),
        variacao: variation.variacao,
      })),
    };
  }

  function listProducts(params: URLSearchParams): Answer {
    const page = readPositiveInt(params.get('pagina'), 1);
    const limit = readPositiveInt(params.get('limite'), MAX_PAGE_SIZE);
    const since = readMoment(params.get('dataAlteracaoInicial'), '00:00:00', '');
    const until = readMoment(params.get('dataAlteracaoFinal'), '23:59:59', '9999-12-31 23:59:59');
    if (page === null || limit === null || since === null || until === null) {
      return validationError('Parâmetros inválidos', [
        { element: 'query', msg: 'pagina, limite ou dataAlteracao inválidos' },
      ]);
    }
    const codigo = params.get('codigo');
    const ids = params.getAll('idsProdutos[]').map(Number);
    const size = Math.min(limit, MAX_PAGE_SIZE);
    const matches = [...products.values()]
      .filter((product) => product.dataAlteracao >= since && product.dataAlteracao <= until)
      .filter((product) => codigo === null || product.codigo === codigo)
      .filter((product) => ids.length === 0 || ids.includes(product.id))
      .sort((a, b) => a.id - b.id);
    return answer(200, { data: matches.slice((page - 1) * size, page * size).map(listedFields) });
  }

  function getProduct(id: number): Answer {
    if (shapes.has(id)) return answer(200, shapes.get(id));
    const product = products.get(id);
    return product ? answer(200, { data: detailFields(product) }) : notFound(`Produto ${id}`);
  }

  /** Bling keeps SKUs unique. */
  function codeTaken(codigo: unknown, exceptId: number | null): FieldError[] {
    if (typeof codigo !== 'string' || codigo === '') return [];
    const taken = [...products.values()].some((p) => p.codigo === codigo && p.id !== exceptId);
    return taken ? [{ element: 'codigo', msg: `O código ${codigo} já está cadastrado` }] : [];
  }

  function createProductFromApi(body: unknown): Answer {
    const record = asRecord(body);
    const errors = [...productFieldErrors(record), ...codeTaken(record.codigo, null)];
    if (errors.length > 0) return validationError('Não foi possível salvar o produto', errors);
    const variations = Array.isArray(record.variacoes) ? record.variacoes : [];
    const product = storeProductTree({
      ...productFieldsFromBody(record),
      variacoes: variations.map((variation) => productFieldsFromBody(asRecord(variation))),
    });
    return answer(201, { data: { id: product.id } });
  }

  /**
   * A PUT carries the whole product. With `variacoes` (unverified against Bling, modelled as
   * its screen behaves): one with the id of a variation of this product updates it, one without
   * an id is created, and the product's variations not sent are deleted. Without `variacoes`
   * the variations stay as they are.
   */
  function updateProductFromApi(id: number, body: unknown): Answer {
    const product = products.get(id);
    if (!product) return notFound(`Produto ${id}`);
    const record = asRecord(body);
    const sent = Array.isArray(record.variacoes) ? record.variacoes.map(asRecord) : null;
    const errors = [...productFieldErrors(record), ...codeTaken(record.codigo, id)];
    for (const [index, variation] of (sent ?? []).entries()) {
      const own = Number(variation.id);
      if (variation.id !== undefined && !product.variacoes.some((v) => v.id === own)) {
        errors.push({ element: `variacoes[${index}].id`, msg: 'Variação não encontrada' });
      }
      errors.push(...codeTaken(variation.codigo, variation.id === undefined ? null : own));
    }
    if (errors.length > 0) return validationError('Não foi possível salvar o produto', errors);
    const { variacao: _ignored, ...fields } = productFieldsFromBody(record);
    applyPatch(product, fields);
    if (sent) {
      const kept = new Set(sent.map((variation) => Number(variation.id)));
      for (const gone of product.variacoes.filter((v) => !kept.has(v.id))) {
        products.delete(gone.id);
        stock.delete(gone.id);
      }
      product.variacoes = sent.map((variation, index) => {
        const fieldsOf = productFieldsFromBody(variation);
        const existing = products.get(Number(variation.id));
        if (!existing || variation.id === undefined) {
          return storeProduct(fieldsOf, product, index + 1);
        }
        const { variacao, ...own } = fieldsOf;
        applyPatch(existing, own);
        if (existing.variacao) {
          existing.variacao.nome = variacao?.nome ?? existing.variacao.nome;
          existing.variacao.ordem = variacao?.ordem ?? index + 1;
        }
        return existing;
      });
      if (product.variacoes.length > 0) product.formato = 'V';
    }
    return answer(200, {});
  }

  // --- Stock -----------------------------------------------------------------------------------

  function stockBalances(params: URLSearchParams): Answer {
    const ids = params.getAll('idsProdutos[]').map(Number);
    if (ids.length === 0) {
      return validationError('Parâmetros inválidos', [
        { element: 'idsProdutos', msg: 'Informe ao menos um produto' },
      ]);
    }
    const known = ids.flatMap((id) => products.get(id) ?? []);
    return answer(200, {
      data: known.map((product) => ({
        produto: { id: product.id, codigo: product.codigo },
        saldoFisicoTotal: balanceOf(product),
        saldoVirtualTotal: balanceOf(product),
      })),
    });
  }

  function stockMovementErrors(record: Record<string, unknown>): FieldError[] {
    const errors: FieldError[] = [];
    const product = products.get(Number(asRecord(record.produto).id));
    if (!product) errors.push({ element: 'produto.id', msg: 'Produto não encontrado' });
    if (product && product.variacoes.length > 0) {
      errors.push({ element: 'produto.id', msg: 'Lance o estoque nas variações do produto' });
    }
    if (asRecord(record.deposito).id !== DEPOSIT.id) {
      errors.push({ element: 'deposito.id', msg: 'Depósito não encontrado' });
    }
    const operation = oneOf(record.operacao, ['B', 'E', 'S'] as const);
    if (!operation) errors.push({ element: 'operacao', msg: 'operacao deve ser B, E ou S' });
    const quantity = finite(record.quantidade);
    // A balanço may set zero; an entrada or saída of nothing is refused.
    const minimumOk = operation === 'B' ? (quantity ?? -1) >= 0 : (quantity ?? 0) > 0;
    if (!minimumOk) errors.push({ element: 'quantidade', msg: 'Quantidade inválida' });
    return errors;
  }

  /** Stock moves do not touch dataAlteracao: a sync must read balances, not rely on it. */
  function postStockMovement(body: unknown): Answer {
    const record = asRecord(body);
    const errors = stockMovementErrors(record);
    if (errors.length > 0) return validationError('Não foi possível lançar o estoque', errors);
    const productId = Number(asRecord(record.produto).id);
    const operation = oneOf(record.operacao, ['B', 'E', 'S'] as const) ?? 'B';
    const quantity = finite(record.quantidade) ?? 0;
    const before = stock.get(productId) ?? 0;
    const balanceAfter =
      operation === 'B' ? quantity : operation === 'E' ? before + quantity : before - quantity;
    stock.set(productId, balanceAfter);
    const movement: FakeBlingStockMovement = {
      id: nextMovementId++,
      productId,
      depositId: DEPOSIT.id,
      operation,
      quantity,
      note: text(record.observacoes) ?? null,
      balanceAfter,
    };
    stockMovements.push(movement);
    return answer(201, { data: { id: movement.id } });
  }

  // --- Contacts --------------------------------------------------------------------------------

  function addContact(input: Partial<Omit<FakeBlingContact, 'id'>>): FakeBlingContact {
    const contact: FakeBlingContact = {
      id: nextContactId++,
      nome: input.nome ?? 'Cliente',
      numeroDocumento: digits(input.numeroDocumento ?? ''),
      email: input.email ?? '',
      tipo: input.tipo ?? 'F',
      body: input.body ?? {},
    };
    contacts.push(contact);
    return contact;
  }

  /** numeroDocumento compares digits only; pesquisa looks in the name and e-mail. */
  function findContacts(params: URLSearchParams): Answer {
    const document = params.get('numeroDocumento');
    const search = params.get('pesquisa')?.toLowerCase();
    const matches = contacts
      .filter((c) => !document || c.numeroDocumento === digits(document))
      .filter(
        (c) =>
          !search ||
          c.nome.toLowerCase().includes(search) ||
          c.email.toLowerCase().includes(search),
      );
    return answer(200, {
      data: matches.map((c) => ({
        id: c.id,
        nome: c.nome,
        codigo: '',
        situacao: 'A',
        numeroDocumento: c.numeroDocumento,
        email: c.email,
      })),
    });
  }

  function createContactFromApi(body: unknown): Answer {
    const record = asRecord(body);
    const errors: FieldError[] = [];
    const nome = text(record.nome)?.trim();
    if (!nome) errors.push({ element: 'nome', msg: 'O nome do contato deve ser informado' });
    const tipo = oneOf(record.tipo, ['F', 'J', 'E'] as const);
    if (!tipo) errors.push({ element: 'tipo', msg: 'tipo deve ser F, J ou E' });
    if (record.numeroDocumento !== undefined && typeof record.numeroDocumento !== 'string') {
      errors.push({ element: 'numeroDocumento', msg: 'numeroDocumento deve ser um texto' });
    }
    if (errors.length > 0 || !nome || !tipo) {
      return validationError('Não foi possível salvar o contato', errors);
    }
    const contact = addContact({
      nome,
      tipo,
      numeroDocumento: text(record.numeroDocumento),
      email: text(record.email),
      body: record,
    });
    return answer(201, { data: { id: contact.id } });
  }

  // --- Sales orders ----------------------------------------------------------------------------

  function orderItemErrors(items: unknown): FieldError[] {
    if (!Array.isArray(items) || items.length === 0) {
      return [{ element: 'itens', msg: 'O pedido deve ter ao menos um item' }];
    }
    return items.flatMap((item: unknown, index): FieldError[] => {
      const record = asRecord(item);
      const errors: FieldError[] = [];
      if ((finite(record.quantidade) ?? 0) <= 0) {
        errors.push({ element: `itens[${index}].quantidade`, msg: 'Quantidade inválida' });
      }
      if ((finite(record.valor) ?? -1) < 0) {
        errors.push({ element: `itens[${index}].valor`, msg: 'Valor inválido' });
      }
      const productId = asRecord(record.produto).id;
      if (productId !== undefined && !products.has(Number(productId))) {
        errors.push({ element: `itens[${index}].produto.id`, msg: 'Produto não encontrado' });
      }
      if (!text(record.descricao) && !text(record.codigo) && productId === undefined) {
        errors.push({ element: `itens[${index}]`, msg: 'Informe o produto ou a descrição' });
      }
      return errors;
    });
  }

  function createSalesOrder(body: unknown): Answer {
    const record = asRecord(body);
    const contactId = Number(asRecord(record.contato).id);
    const errors = orderItemErrors(record.itens);
    if (!contacts.some((c) => c.id === contactId)) {
      errors.push({ element: 'contato.id', msg: 'Contato não encontrado' });
    }
    const date = record.data;
    if (date !== undefined && (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date))) {
      errors.push({ element: 'data', msg: 'Data inválida' });
    }
    if (errors.length > 0) return validationError('Não foi possível salvar a venda', errors);
    const storeNumber =
      typeof record.numeroLoja === 'string' || typeof record.numeroLoja === 'number'
        ? String(record.numeroLoja)
        : null;
    // What lets the shop retry a lost answer safely: the same numeroLoja is never stored twice.
    if (storeNumber && salesOrders.some((order) => order.numeroLoja === storeNumber)) {
      return blingError(
        400,
        'VALIDATION_ERROR',
        'Não foi possível salvar a venda',
        'pedido com numeroLoja já existe',
        [{ element: 'numeroLoja', msg: `pedido com numeroLoja ${storeNumber} já existe` }],
      );
    }
    const order: FakeBlingSalesOrder = {
      id: nextOrderId++,
      numero: nextOrderNumber++,
      numeroLoja: storeNumber,
      contatoId: contactId,
      body: record,
    };
    salesOrders.push(order);
    return answer(201, { data: { id: order.id, numero: order.numero } });
  }

  // --- NF-e ------------------------------------------------------------------------------------

  function getSalesOrder(id: number): Answer {
    const order = salesOrders.find((candidate) => candidate.id === id);
    if (!order) return notFound(`Pedido de venda ${id}`);
    const nfe = liveNfeOf(id);
    return answer(200, {
      data: {
        ...order.body,
        id: order.id,
        numero: order.numero,
        numeroLoja: order.numeroLoja ?? '',
        contato: { id: order.contatoId },
        // Modelled, not confirmed: a sales order without an NF-e answers id 0.
        notaFiscal: { id: nfe?.id ?? 0 },
      },
    });
  }

  /** The sales order's NF-e that still counts: a cancelled one leaves room for a new one. */
  function liveNfeOf(salesOrderId: number): FakeBlingNfe | undefined {
    return [...nfes.values()].find((n) => n.salesOrderId === salesOrderId && n.situacao !== 2);
  }

  function generateNfe(salesOrderId: number): Answer {
    if (!salesOrders.some((order) => order.id === salesOrderId)) {
      return notFound(`Pedido de venda ${salesOrderId}`);
    }
    if (nfeRefusal) {
      return blingError(
        400,
        'VALIDATION_ERROR',
        'Não foi possível gerar a nota fiscal',
        nfeRefusal,
      );
    }
    const existing = liveNfeOf(salesOrderId);
    if (existing && nfeRepeat === 'existing') {
      return answer(201, { data: { idNotaFiscal: existing.id } });
    }
    if (existing) {
      return blingError(
        400,
        'VALIDATION_ERROR',
        'Não foi possível gerar a nota fiscal',
        `O pedido de venda já tem a nota fiscal ${existing.numero} vinculada`,
      );
    }
    const nfe: FakeBlingNfe = {
      id: nextNfeId++,
      salesOrderId,
      situacao: 1,
      numero: nextNfeNumber++,
      serie: 1,
      chaveAcesso: null,
      authorisedAt: null,
      rejection: null,
      readsLeft: null,
    };
    nfes.set(nfe.id, nfe);
    // Documented as a bare {idNotaFiscal}; answers seen in use wrap it in `data`.
    return answer(201, { data: { idNotaFiscal: nfe.id } });
  }

  function danfePath(key: string): string {
    return `/documentos/danfe/${key}.pdf`;
  }

  function xmlPath(key: string): string {
    return `/documentos/xml/${key}.xml`;
  }

  /** SEFAZ's yes: the key, the DANFE and the XML come into being. */
  function authorise(nfe: FakeBlingNfe): void {
    const now = new Date();
    nfe.situacao = 5;
    nfe.readsLeft = null;
    nfe.rejection = null;
    nfe.authorisedAt = now;
    nfe.chaveAcesso = buildNfeAccessKey({
      stateCode: FAKE_BLING_NFE_ISSUER.stateCode,
      issuedAt: now,
      cnpj: FAKE_BLING_NFE_ISSUER.cnpj,
      model: 55,
      series: nfe.serie,
      number: nfe.numero,
      emissionType: 1,
      randomCode: randomBytes(4).readUInt32BE() % 100_000_000,
    });
    serveFile(danfePath(nfe.chaveAcesso), danfePdf(nfe), 'application/pdf');
    serveFile(xmlPath(nfe.chaveAcesso), Buffer.from(nfeXml(nfe)), 'application/xml');
  }

  /** Modelled on Bling's screen: only a pending or rejected note goes (again) to SEFAZ. */
  function sendNfe(id: number): Answer {
    const nfe = nfes.get(id);
    if (!nfe) return notFound(`Nota fiscal ${id}`);
    if (nfe.situacao !== 1 && nfe.situacao !== 4) {
      const why =
        nfe.situacao === 2
          ? 'A nota fiscal está cancelada'
          : nfe.chaveAcesso
            ? 'A nota fiscal já está autorizada'
            : 'A nota fiscal já foi enviada e aguarda o retorno da SEFAZ';
      return blingError(400, 'VALIDATION_ERROR', 'Não foi possível emitir a nota fiscal', why);
    }
    if (nfeOutcome === 'reject') {
      nfe.situacao = 4;
      nfe.rejection = nfeRejection;
      return blingError(
        400,
        'VALIDATION_ERROR',
        'Não foi possível emitir a nota fiscal',
        nfeRejection,
      );
    }
    if (nfeOutcome === 'processing') {
      nfe.situacao = 3;
      nfe.readsLeft = processingReads;
      return answer(200, { data: { xml: '' } });
    }
    authorise(nfe);
    return answer(200, { data: { xml: `${url}${xmlPath(nfe.chaveAcesso ?? '')}` } });
  }

  /** A read moves a 'processing' note along: 3 (recibo), then 8 (protocolo), then authorised. */
  function getNfe(id: number): Answer {
    const nfe = nfes.get(id);
    if (!nfe) return notFound(`Nota fiscal ${id}`);
    if (nfe.readsLeft === 0) authorise(nfe);
    const body = nfeFields(nfe);
    if (nfe.readsLeft !== null) {
      nfe.readsLeft -= 1;
      nfe.situacao = 8;
    }
    return answer(200, { data: body });
  }

  function nfeFields(nfe: FakeBlingNfe): Record<string, unknown> {
    const order = salesOrders.find((candidate) => candidate.id === nfe.salesOrderId);
    const contact = contacts.find((candidate) => candidate.id === order?.contatoId);
    const key = nfe.chaveAcesso;
    return {
      id: nfe.id,
      tipo: 1,
      situacao: nfe.situacao,
      // numero is documented as a string, serie as an integer.
      numero: String(nfe.numero).padStart(6, '0'),
      serie: nfe.serie,
      dataEmissao: blingDateTime(nfe.authorisedAt ?? new Date()),
      dataOperacao: blingDateTime(nfe.authorisedAt ?? new Date()),
      // Empty until SEFAZ authorises the note.
      chaveAcesso: key ?? '',
      contato: {
        id: contact?.id ?? 0,
        nome: contact?.nome ?? '',
        numeroDocumento: contact?.numeroDocumento ?? '',
      },
      naturezaOperacao: { id: 1 },
      loja: { id: 0 },
      numeroPedidoLoja: order?.numeroLoja ?? '',
      xml: key ? `${url}${xmlPath(key)}` : '',
      linkDanfe: key ? `${url}${danfePath(key)}` : '',
      linkPDF: key ? `${url}${danfePath(key)}` : '',
    };
  }

  function nfeXml(nfe: FakeBlingNfe): string {
    const key = nfe.chaveAcesso ?? '';
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">',
      `<NFe><infNFe Id="NFe${key}" versao="4.00"><ide><cUF>${key.slice(0, 2)}</cUF>`,
      `<cNF>${key.slice(35, 43)}</cNF><mod>55</mod><serie>${nfe.serie}</serie>`,
      `<nNF>${nfe.numero}</nNF><tpEmis>1</tpEmis><cDV>${key.slice(43)}</cDV><tpAmb>2</tpAmb></ide>`,
      `<emit><CNPJ>${FAKE_BLING_NFE_ISSUER.cnpj}</CNPJ></emit></infNFe></NFe>`,
      `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><chNFe>${key}</chNFe>`,
      '<cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>',
      '</nfeProc>',
    ].join('');
  }

  function danfePdf(nfe: FakeBlingNfe): Buffer {
    return minimalPdf([
      'DANFE - Documento Auxiliar da NF-e (Bling de teste)',
      `NF-e ${String(nfe.numero).padStart(9, '0')} - Serie ${nfe.serie}`,
      `Chave de acesso: ${nfe.chaveAcesso ?? ''}`,
      `Emitente CNPJ ${FAKE_BLING_NFE_ISSUER.cnpj}`,
    ]);
  }

  // --- Routing ---------------------------------------------------------------------------------

  const routes: { method: string; pattern: RegExp; act: (call: Call, id: number) => Answer }[] = [
    { method: 'GET', pattern: /^\/produtos$/, act: (call) => listProducts(call.params) },
    { method: 'POST', pattern: /^\/produtos$/, act: (call) => createProductFromApi(call.body) },
    { method: 'GET', pattern: /^\/produtos\/(\d+)$/, act: (_call, id) => getProduct(id) },
    {
      method: 'PUT',
      pattern: /^\/produtos\/(\d+)$/,
      act: (call, id) => updateProductFromApi(id, call.body),
    },
    { method: 'GET', pattern: /^\/estoques\/saldos$/, act: (call) => stockBalances(call.params) },
    { method: 'POST', pattern: /^\/estoques$/, act: (call) => postStockMovement(call.body) },
    { method: 'GET', pattern: /^\/depositos$/, act: () => answer(200, { data: [DEPOSIT] }) },
    { method: 'GET', pattern: /^\/contatos$/, act: (call) => findContacts(call.params) },
    { method: 'POST', pattern: /^\/contatos$/, act: (call) => createContactFromApi(call.body) },
    { method: 'POST', pattern: /^\/pedidos\/vendas$/, act: (call) => createSalesOrder(call.body) },
    { method: 'GET', pattern: /^\/pedidos\/vendas\/(\d+)$/, act: (_call, id) => getSalesOrder(id) },
    {
      method: 'POST',
      pattern: /^\/pedidos\/vendas\/(\d+)\/gerar-nfe$/,
      act: (_call, id) => generateNfe(id),
    },
    { method: 'POST', pattern: /^\/nfe\/(\d+)\/enviar$/, act: (_call, id) => sendNfe(id) },
    { method: 'GET', pattern: /^\/nfe\/(\d+)$/, act: (_call, id) => getNfe(id) },
  ];

  /** The limit counts every API request (even one refused for its token), then the token. */
  function api(call: Call, resource: string): Answer {
    if (!takeRateSlot()) return rateLimitedAnswer();
    const refused = refusedAccess(call.headers.authorization);
    if (refused) return refused;
    for (const route of routes) {
      const match = route.pattern.exec(resource);
      if (match && route.method === call.method) return route.act(call, Number(match[1] ?? 0));
    }
    return notFound(`${call.method} ${call.path}`);
  }

  function route(call: Call): Answer {
    if (call.path.startsWith(`${OAUTH_PREFIX}/`)) {
      return oauth(call, call.path.slice(OAUTH_PREFIX.length));
    }
    if (call.path.startsWith(`${API_PREFIX}/`))
      return api(call, call.path.slice(API_PREFIX.length));
    return notFound(`${call.method} ${call.path}`);
  }

  async function handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    // Bling's image and document storage: plain files, outside the API (no token, no limit).
    const file = images.get(incoming.url ?? '');
    if (file) {
      response.writeHead(200, { 'content-type': file.type, 'content-length': file.bytes.length });
      response.end(file.bytes);
      return;
    }
    const call = await readCall(incoming);
    requests.push({
      method: call.method,
      path: call.path,
      query: queryRecord(call.params),
      headers: call.headers,
      body: call.body,
    });
    const cannedAnswer = canned.shift();
    if (cannedAnswer) return write(response, cannedAnswer);
    const failure = failures.shift();
    if (failure === 500) {
      return write(response, blingError(500, 'SERVER_ERROR', 'Erro interno', 'Falha simulada'));
    }
    if (failure === 429) return write(response, rateLimitedAnswer());
    const result = route(call);
    // The work is done but the answer is lost: the client times out; close() drops the socket.
    if (failure === 'timeout') return;
    write(response, result);
  }

  const images = new Map<string, { bytes: Buffer; type: string }>();
  function serveFile(path: string, bytes: Buffer, type: string): void {
    images.set(path, { bytes, type });
  }
  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) {
        write(response, blingError(500, 'SERVER_ERROR', 'Erro interno', 'fake failed'));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  function signWebhook(rawBody: string): string {
    return `sha256=${createHmac('sha256', clientSecret).update(rawBody).digest('hex')}`;
  }

  return {
    addImage(name: string, bytes: Buffer, type = 'image/png') {
      const path = `/imagens/${encodeURIComponent(name)}`;
      serveFile(path, bytes, type);
      return `${url}${path}`;
    },
    url,
    apiUrl: `${url}${API_PREFIX}`,
    authUrl: `${url}${OAUTH_PREFIX}`,
    clientId,
    clientSecret,
    get perSecond() {
      return perSecond;
    },
    set perSecond(value: number) {
      perSecond = value;
    },
    get expiresInSeconds() {
      return expiresInSeconds;
    },
    set expiresInSeconds(value: number) {
      expiresInSeconds = value;
    },
    requests,
    products,
    stock,
    stockMovements,
    contacts,
    salesOrders,
    nfes,
    get nfeOutcome() {
      return nfeOutcome;
    },
    set nfeOutcome(value: FakeBlingNfeOutcome) {
      nfeOutcome = value;
    },
    get processingReads() {
      return processingReads;
    },
    set processingReads(value: number) {
      processingReads = value;
    },
    get nfeRejection() {
      return nfeRejection;
    },
    set nfeRejection(value: string) {
      nfeRejection = value;
    },
    get nfeRefusal() {
      return nfeRefusal;
    },
    set nfeRefusal(value: string | null) {
      nfeRefusal = value;
    },
    get nfeRepeat() {
      return nfeRepeat;
    },
    set nfeRepeat(value: 'existing' | 'error') {
      nfeRepeat = value;
    },
    acceptedAt,
    get rateLimited() {
      return rateLimited;
    },
    get tokenRefreshes() {
      return tokenRefreshes;
    },
    setRedirectUri(uri) {
      redirectUri = uri;
    },
    issueCode,
    issueTokens,
    expireAccessTokens() {
      for (const accessToken of accessTokens.keys()) accessTokens.set(accessToken, 0);
    },
    revokeAll() {
      codes.clear();
      accessTokens.clear();
      refreshTokens.clear();
    },
    addProduct,
    addProducts(count, overrides) {
      return Array.from({ length: count }, (_, index) =>
        addProduct(typeof overrides === 'function' ? overrides(index) : overrides),
      );
    },
    updateProduct(id, patch) {
      const product = products.get(id);
      if (!product) throw new Error(`fake Bling has no product ${id}`);
      applyPatch(product, patch);
      return product;
    },
    addVariation(parentId, input) {
      const parent = products.get(parentId);
      if (!parent || parent.variacao) throw new Error(`fake Bling has no parent ${parentId}`);
      const variation = storeProduct(input, parent, parent.variacoes.length + 1);
      parent.variacoes.push(variation);
      parent.formato = 'V';
      parent.dataAlteracao = blingDateTime();
      return variation;
    },
    removeVariation(id) {
      const variation = products.get(id);
      const parent = variation?.variacao ? products.get(variation.variacao.produtoPai.id) : null;
      if (!variation || !parent) throw new Error(`fake Bling has no variation ${id}`);
      parent.variacoes = parent.variacoes.filter((v) => v.id !== id);
      parent.dataAlteracao = blingDateTime();
      products.delete(id);
      stock.delete(id);
    },
    respondWithShape(productId, body) {
      shapes.set(productId, body);
    },
    setStock(productId, quantity) {
      if (!products.has(productId)) throw new Error(`fake Bling has no product ${productId}`);
      stock.set(productId, quantity);
    },
    addContact,
    cancelNfe(id) {
      const nfe = nfes.get(id);
      if (!nfe) throw new Error(`fake Bling has no NF-e ${id}`);
      nfe.situacao = 2;
      nfe.readsLeft = null;
    },
    peakPerSecond,
    failNext(count, mode) {
      for (let i = 0; i < count; i += 1) failures.push(mode);
    },
    respondNextWith(status, body) {
      canned.push({ status, body });
    },
    signWebhook,
    async deliverWebhook(targetUrl, event, deliveryOptions = {}) {
      const rawBody = JSON.stringify({
        eventId: event.eventId ?? randomUUID(),
        date: event.date ?? new Date().toISOString(),
        version: 'v1',
        event: event.event,
        companyId: 'fake-company',
        data: event.data,
      });
      const signature =
        deliveryOptions.signature === undefined ? signWebhook(rawBody) : deliveryOptions.signature;
      const response = await fetch(targetUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature === null ? {} : { 'x-bling-signature-256': signature }),
        },
        body: rawBody,
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, body: await response.text() };
    },
    reset() {
      requests.length = 0;
      products.clear();
      stock.clear();
      stockMovements.length = 0;
      contacts.length = 0;
      salesOrders.length = 0;
      for (const nfe of nfes.values()) {
        if (nfe.chaveAcesso) {
          images.delete(danfePath(nfe.chaveAcesso));
          images.delete(xmlPath(nfe.chaveAcesso));
        }
      }
      nfes.clear();
      nfeOutcome = startedNfeOutcome;
      processingReads = startedProcessingReads;
      nfeRejection = DEFAULT_REJECTION;
      nfeRefusal = null;
      nfeRepeat = 'existing';
      acceptedAt.length = 0;
      shapes.clear();
      codes.clear();
      accessTokens.clear();
      refreshTokens.clear();
      failures.length = 0;
      canned.length = 0;
      rateLimited = 0;
      tokenRefreshes = 0;
      nextProductId = FIRST_PRODUCT_ID;
      nextContactId = FIRST_CONTACT_ID;
      nextOrderId = FIRST_ORDER_ID;
      nextMovementId = FIRST_MOVEMENT_ID;
      nextOrderNumber = 1;
      nextNfeId = FIRST_NFE_ID;
      nextNfeNumber = 1;
      seeded = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
