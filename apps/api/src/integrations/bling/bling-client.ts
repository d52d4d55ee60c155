import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import {
  blingCreated,
  blingDeposits,
  blingErrorBody,
  blingGeneratedNfe,
  blingNfe,
  type BlingNfe,
  blingProductDetail,
  type BlingProductDetail,
  blingProductPage,
  blingSalesOrderCreated,
  blingSalesOrderInvoice,
  blingStockBalances,
  blingContacts,
  blingTokenAnswer,
  type BlingTokenAnswer,
} from './bling-schemas.ts';

/**
 * Bling could not be reached, did not answer in time, or answered 5xx/429: try again later.
 * `answered` false means no answer came back at all, so a write may have been applied.
 */
export class BlingUnavailableError extends Error {
  override name = 'BlingUnavailableError';
  constructor(message: string, options: { cause?: unknown; answered?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.answered = options.answered ?? true;
  }
  readonly answered: boolean;
}

/** Bling refused the shop's credentials (a revoked app, a spent refresh token): reconnect. */
export class BlingAuthError extends Error {
  override name = 'BlingAuthError';
}

/** Bling refused this request (validation, not found): retrying the same will not help. */
export class BlingRequestError extends Error {
  override name = 'BlingRequestError';
  constructor(
    message: string,
    readonly status: number,
    readonly type: string | undefined,
    /**
     * Bling's own words, without the method and path: its message, description and each field's
     * msg, which is where it says what is missing (the shop's fiscal setup, SEFAZ's rejection).
     */
    readonly detail = '',
  ) {
    super(message);
  }
}

/** Bling answered something the shop cannot read: nothing is written from it. */
export class BlingShapeError extends Error {
  override name = 'BlingShapeError';
}

/** Where the current access token comes from, and how a refused one is replaced. */
export interface BlingTokenSource {
  current(): Promise<string>;
  /** Called with the token Bling refused; answers a fresh one (or throws BlingAuthError). */
  renew(refused: string): Promise<string>;
}

/** Waits for this process's turn within Bling's limits (shared by every process). */
export interface BlingLimiter {
  /** Resolves when this call may go (to the moment it was granted, where the limiter knows it). */
  take(): Promise<unknown>;
}

export interface BlingClientOptions {
  apiUrl: string;
  timeoutMs: number;
  tokens: BlingTokenSource;
  limiter: BlingLimiter;
  /** Attempts after a 429 (default 4), waiting 1 s, 2 s, 4 s, 8 s. */
  maxRateRetries?: number;
  wait?: (ms: number) => Promise<unknown>;
}

type Query = Record<string, string | number | (string | number)[] | undefined>;

const blingProductAnswer = z.looseObject({ data: blingProductDetail });
const blingNfeAnswer = z.looseObject({ data: blingNfe });

function buildUrl(base: string, path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const qs = params.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

function fieldMessages(fields: unknown[] | undefined): string[] {
  return (fields ?? []).flatMap((field) => {
    const msg =
      typeof field === 'object' && field !== null ? (field as { msg?: unknown }).msg : null;
    return typeof msg === 'string' && msg.trim() ? [msg.trim()] : [];
  });
}

function errorText(body: unknown): { type: string | undefined; message: string; detail: string } {
  const parsed = blingErrorBody.safeParse(body);
  if (!parsed.success) return { type: undefined, message: '', detail: '' };
  const { type, message, description, fields } = parsed.data.error;
  const head = [message, description].filter(Boolean).join(': ');
  // A description may already repeat the fields' msgs (the fake's does): each said once.
  const extra = [...new Set(fieldMessages(fields))].filter((msg) => !head.includes(msg));
  return { type, message: head, detail: [head, extra.join('; ')].filter(Boolean).join(': ') };
}

/** An id from our own records goes into a path: digits only, so it cannot reach another one. */
function pathId(value: number | string): string {
  const text = String(value);
  if (!/^\d{1,20}$/.test(text)) {
    throw new BlingRequestError(`Id inválido para o Bling: ${text}`, 400, 'INVALID_ID', '');
  }
  return text;
}

function read<T extends z.ZodType>(schema: T, body: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new BlingShapeError(
      `Resposta inesperada do Bling (${what}): ${parsed.error.issues[0]?.message ?? 'formato'}`,
    );
  }
  return parsed.data;
}

/**
 * The Bling API v3 client. Every call waits for its turn (3 a second across processes), carries
 * the current access token, renews it once when Bling refuses it, backs off on 429 and reads the
 * answer with a zod schema. It never logs or puts a token in a URL.
 */
export function createBlingClient(options: BlingClientOptions) {
  const wait = options.wait ?? ((ms: number) => sleep(ms));
  const maxRateRetries = options.maxRateRetries ?? 4;

  async function send(
    method: string,
    path: string,
    query: Query | undefined,
    body: unknown,
    token: string,
  ): Promise<{ status: number; body: unknown }> {
    await options.limiter.take();
    let response: Response;
    try {
      response = await fetch(buildUrl(options.apiUrl, path, query), {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new BlingUnavailableError(`Bling não respondeu (${method} ${path})`, {
        cause: error,
        answered: false,
      });
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        if (response.ok) throw new BlingShapeError(`Resposta do Bling não é JSON (${path})`);
      }
    }
    return { status: response.status, body: parsed };
  }

  async function call(
    method: string,
    path: string,
    request: { query?: Query; body?: unknown } = {},
  ): Promise<unknown> {
    let token = await options.tokens.current();
    let renewed = false;
    for (let rateRetry = 0; ;) {
      const answer = await send(method, path, request.query, request.body, token);
      if (answer.status >= 200 && answer.status < 300) return answer.body;
      const { type, message, detail } = errorText(answer.body);
      if (answer.status === 401 && !renewed) {
        renewed = true;
        token = await options.tokens.renew(token);
        continue;
      }
      if (answer.status === 401) {
        throw new BlingAuthError(`O Bling recusou o acesso da loja: ${message || type || '401'}`);
      }
      if (answer.status === 429 && rateRetry < maxRateRetries) {
        await wait(1000 * 2 ** rateRetry);
        rateRetry += 1;
        continue;
      }
      if (answer.status === 429 || answer.status >= 500) {
        throw new BlingUnavailableError(
          `Bling indisponível (HTTP ${answer.status}${message ? `: ${message}` : ''})`,
        );
      }
      throw new BlingRequestError(
        `Bling recusou ${method} ${path} (HTTP ${answer.status}${message ? `: ${message}` : ''})`,
        answer.status,
        type,
        detail,
      );
    }
  }

  return {
    /** One page (1-based) of up to 100 products, optionally only those changed since a moment. */
    async listProducts(page: number, changedSince?: string): Promise<unknown[]> {
      const body = await call('GET', '/produtos', {
        query: { pagina: page, limite: 100, dataAlteracaoInicial: changedSince },
      });
      return read(blingProductPage, body, 'produtos').data;
    },
    async getProduct(blingId: number): Promise<BlingProductDetail> {
      const body = await call('GET', `/produtos/${blingId}`);
      return read(blingProductAnswer, body, 'produto').data;
    },
    async stockBalances(blingIds: number[]) {
      if (blingIds.length === 0) return [];
      const body = await call('GET', '/estoques/saldos', { query: { 'idsProdutos[]': blingIds } });
      return read(blingStockBalances, body, 'saldos').data;
    },
    async createProduct(product: Record<string, unknown>): Promise<number> {
      return read(blingCreated, await call('POST', '/produtos', { body: product }), 'produto').data
        .id;
    },
    async updateProduct(blingId: number, product: Record<string, unknown>): Promise<void> {
      await call('PUT', `/produtos/${blingId}`, { body: product });
    },
    async defaultDepositId(): Promise<number> {
      const deposits = read(blingDeposits, await call('GET', '/depositos'), 'depósitos').data;
      const chosen = deposits.find((d) => d.padrao) ?? deposits[0];
      if (!chosen) throw new BlingRequestError('Nenhum depósito no Bling', 404, undefined);
      return chosen.id;
    },
    async postStockMovement(movement: {
      productId: number;
      depositId: number;
      operation: 'B' | 'E' | 'S';
      quantity: number;
      note?: string;
    }): Promise<number> {
      const body = await call('POST', '/estoques', {
        body: {
          produto: { id: movement.productId },
          deposito: { id: movement.depositId },
          operacao: movement.operation,
          quantidade: movement.quantity,
          observacoes: movement.note,
        },
      });
      return read(blingCreated, body, 'estoque').data.id;
    },
    async findContacts(query: { numeroDocumento?: string; pesquisa?: string }) {
      return read(blingContacts, await call('GET', '/contatos', { query }), 'contatos').data;
    },
    async createContact(contact: Record<string, unknown>): Promise<number> {
      return read(blingCreated, await call('POST', '/contatos', { body: contact }), 'contato').data
        .id;
    },
    async createSalesOrder(order: Record<string, unknown>) {
      const body = await call('POST', '/pedidos/vendas', { body: order });
      return read(blingSalesOrderCreated, body, 'pedido de venda').data;
    },
    /** The NF-e already linked to a sales order, or null: how a lost generate is found again. */
    async salesOrderInvoiceId(salesOrderId: number | string): Promise<number | null> {
      const body = await call('GET', `/pedidos/vendas/${pathId(salesOrderId)}`);
      return read(blingSalesOrderInvoice, body, 'pedido de venda').data.notaFiscal?.id || null;
    },
    /** Bling builds the NF-e from the sales order (its fiscal setup decides taxes): its id. */
    async generateNfeFromSalesOrder(salesOrderId: number | string): Promise<number> {
      const body = await call('POST', `/pedidos/vendas/${pathId(salesOrderId)}/gerar-nfe`);
      return read(blingGeneratedNfe, body, 'NF-e gerada');
    },
    /**
     * Sends the NF-e to SEFAZ. Its answer ({data:{xml}}) is not read: the state comes from
     * getNfe. Without enviarEmail Bling does not e-mail the customer (its default is false).
     */
    async sendNfe(nfeId: number | string): Promise<void> {
      await call('POST', `/nfe/${pathId(nfeId)}/enviar`);
    },
    async getNfe(nfeId: number | string): Promise<BlingNfe> {
      const body = await call('GET', `/nfe/${pathId(nfeId)}`);
      return read(blingNfeAnswer, body, 'NF-e').data;
    },
  };
}

export type BlingClient = ReturnType<typeof createBlingClient>;

/** Bling's OAuth endpoints (authorization code, refresh with rotation). */
export function createBlingOauth(options: {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}) {
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');

  async function token(form: Record<string, string>): Promise<BlingTokenAnswer> {
    let response: Response;
    try {
      response = await fetch(`${options.authUrl}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new BlingUnavailableError('Bling não respondeu ao pedido de token', { cause: error });
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      const { type, message } = errorText(body);
      throw new BlingAuthError(
        `O Bling recusou a autorização: ${message || type || response.status}`,
      );
    }
    if (!response.ok)
      throw new BlingUnavailableError(`Bling indisponível (HTTP ${response.status})`);
    return read(blingTokenAnswer, body, 'token');
  }

  return {
    authorizeUrl(state: string): string {
      return buildUrl(options.authUrl, '/authorize', {
        response_type: 'code',
        client_id: options.clientId,
        state,
      });
    },
    exchangeCode: (code: string) => token({ grant_type: 'authorization_code', code }),
    refresh: (refreshToken: string) =>
      token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  };
}

export type BlingOauth = ReturnType<typeof createBlingOauth>;
