import { Agent, request as httpsRequest } from 'node:https';
import type { z } from 'zod';
import { PaymentProviderError } from '../payments/provider.ts';
import {
  centsToValor,
  cobSchema,
  devolucaoSchema,
  type PixBankCob,
  type PixBankDevolucao,
  type PixBankPix,
  pixListSchema,
  problemSchema,
  tokenSchema,
  webhookSchema,
} from './pix-bank-schemas.ts';

/** The client certificate the bank issued to the shop: PEM certificate and key, or PKCS#12. */
export type PixBankCertificate =
  | { cert: string | Buffer; key: string | Buffer; ca?: string | Buffer }
  | { pfx: Buffer; passphrase?: string; ca?: string | Buffer };

export interface PixBankClientConfig {
  /** The API's base, paths appended: https://pix.banco.com.br/api/v2 (no trailing slash). */
  baseUrl: string;
  /** The OAuth2 token endpoint (client_credentials). */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  certificate: PixBankCertificate;
  timeoutMs: number;
}

export interface CreateCobInput {
  txid: string;
  amountCents: number;
  expiresInSeconds: number;
  /** The shop's PIX key that receives the money. */
  chave: string;
  devedor?: { cpf: string; nome: string };
  /** Shown to the payer by their bank (at most 140 characters). */
  solicitacaoPagador?: string;
}

/** Why a call to the bank failed; the message is pt-BR, for the administrator. */
export type PixBankFailure =
  | 'unreachable'
  | 'timeout'
  | 'unauthorized'
  | 'refused'
  | 'not_found'
  | 'unavailable'
  | 'invalid_answer';

/** A failed call to the bank's API Pix; never carries the credentials, the token or the key. */
export class PixBankError extends PaymentProviderError {
  constructor(
    readonly failure: PixBankFailure,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message, ['unreachable', 'timeout', 'unavailable'].includes(failure));
    this.name = 'PixBankError';
  }
}

export interface PixBankClient {
  createCob(input: CreateCobInput): Promise<PixBankCob>;
  getCob(txid: string): Promise<PixBankCob>;
  /** PATCH status REMOVIDA_PELO_USUARIO_RECEBEDOR: the code stops being payable. */
  removeCob(txid: string): Promise<PixBankCob>;
  /** Registers where the bank notifies received PIX; it POSTs to `webhookUrl` + '/pix'. */
  registerWebhook(chave: string, webhookUrl: string): Promise<void>;
  /** Every PIX received between two instants, all pages read. */
  listPix(from: Date, to: Date): Promise<PixBankPix[]>;
  /** PUT /pix/{e2eid}/devolucao/{id}: the same id never refunds twice. */
  refund(endToEndId: string, refundId: string, amountCents: number): Promise<PixBankDevolucao>;
  /** GET /pix/{e2eid}/devolucao/{id}: where a devolução stands now. */
  getRefund(endToEndId: string, refundId: string): Promise<PixBankDevolucao>;
  /** Closes the kept-alive TLS connections. */
  close(): void;
}

/** The scopes of the API Pix the shop uses (REFERENCE.md: Banco Central API Pix). */
const SCOPES = 'cob.write cob.read pix.read pix.write webhook.write webhook.read';
/** A token is renewed this long before the bank says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const PAGE_SIZE = 1000;

interface Answer {
  status: number;
  text: string;
}

/**
 * A client of the API Pix over mutual TLS: every call, the token's included, presents the shop's
 * certificate. Failures are PixBankError with a pt-BR message naming the operation; nothing of
 * the credentials, the token or the certificate goes into a message or a log.
 */
export function createPixBankClient(config: PixBankClientConfig): PixBankClient {
  const agent = new Agent({ ...config.certificate, keepAlive: true });
  let token: { value: string; expiresAt: number } | undefined;
  let pendingToken: Promise<string> | undefined;

  function send(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = httpsRequest(
        url,
        { method, agent, headers, timeout: config.timeoutMs },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () =>
        req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  async function exchange(
    operation: string,
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    try {
      return await send(method, url, headers, body);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'TIMEOUT') {
        throw new PixBankError(
          'timeout',
          `Banco (API Pix), ${operation}: sem resposta em ${config.timeoutMs} ms.`,
        );
      }
      throw new PixBankError(
        'unreachable',
        `Banco (API Pix), ${operation}: não foi possível conectar (${typeof code === 'string' ? code : 'erro de rede'}). Confira PIX_BANK_BASE_URL e o certificado.`,
      );
    }
  }

  /** The problem's own title or detail, short, in case the bank says why. */
  function reasonOf(text: string): string {
    let parsed;
    try {
      parsed = problemSchema.safeParse(JSON.parse(text));
    } catch {
      return '';
    }
    const reason = parsed.data?.detail ?? parsed.data?.title;
    if (!reason) return '';
    return `: ${reason.replaceAll(config.clientSecret, '***').slice(0, 200)}`;
  }

  function failure(operation: string, answer: Answer): PixBankError {
    const { status } = answer;
    const [kind, what]: [PixBankFailure, string] =
      status === 401 || status === 403
        ? ['unauthorized', 'o banco recusou as credenciais (client id, secret ou certificado)']
        : status === 404
          ? ['not_found', 'não encontrado no banco']
          : status === 429 || status >= 500
            ? ['unavailable', 'o banco está indisponível agora; tente de novo em instantes']
            : ['refused', 'o banco recusou o pedido'];
    return new PixBankError(
      kind,
      `Banco (API Pix), ${operation}: ${what} (HTTP ${status}${reasonOf(answer.text)}).`,
      status,
    );
  }

  function parse<T extends z.ZodType>(operation: string, schema: T, text: string): z.output<T> {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new PixBankError(
        'invalid_answer',
        `Banco (API Pix), ${operation}: resposta não é JSON.`,
      );
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new PixBankError(
        'invalid_answer',
        `Banco (API Pix), ${operation}: resposta fora do padrão da API Pix (${parsed.error.issues[0]?.path.join('.') ?? '?'}).`,
      );
    }
    return parsed.data;
  }

  async function fetchToken(): Promise<string> {
    const operation = 'obter token OAuth';
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const answer = await exchange(
      operation,
      'POST',
      config.tokenUrl,
      {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPES }).toString(),
    );
    if (answer.status !== 200 && answer.status !== 201) throw failure(operation, answer);
    const body = parse(operation, tokenSchema, answer.text);
    const lifetimeMs = (body.expires_in ?? 300) * 1000;
    token = {
      value: body.access_token,
      expiresAt: Date.now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2),
    };
    return token.value;
  }

  /** The cached token while it lasts; concurrent callers share one request for a new one. */
  function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return Promise.resolve(token.value);
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  }

  async function call(
    operation: string,
    method: 'GET' | 'PUT' | 'PATCH',
    path: string,
    body?: unknown,
  ): Promise<Answer> {
    const attempt = async () => {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await accessToken()}`,
        accept: 'application/json',
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      return exchange(
        operation,
        method,
        `${config.baseUrl}${path}`,
        headers,
        body === undefined ? undefined : JSON.stringify(body),
      );
    };
    const answer = await attempt();
    if (answer.status !== 401) return answer;
    // The bank may end a token before its expires_in (a restart, a revocation): one new one.
    token = undefined;
    return attempt();
  }

  const cobPath = (txid: string) => `/cob/${encodeURIComponent(txid)}`;
  const devolucaoPath = (endToEndId: string, refundId: string) =>
    `/pix/${encodeURIComponent(endToEndId)}/devolucao/${encodeURIComponent(refundId)}`;

  async function getCob(txid: string): Promise<PixBankCob> {
    const operation = `consultar cobrança ${txid}`;
    const answer = await call(operation, 'GET', cobPath(txid));
    if (answer.status !== 200) throw failure(operation, answer);
    return parse(operation, cobSchema, answer.text);
  }

  return {
    async createCob(input) {
      const operation = `criar cobrança ${input.txid}`;
      const body = {
        calendario: { expiracao: input.expiresInSeconds },
        ...(input.devedor ? { devedor: input.devedor } : {}),
        valor: { original: centsToValor(input.amountCents) },
        chave: input.chave,
        ...(input.solicitacaoPagador
          ? { solicitacaoPagador: input.solicitacaoPagador.slice(0, 140) }
          : {}),
      };
      const answer = await call(operation, 'PUT', cobPath(input.txid), body);
      if (answer.status === 200 || answer.status === 201) {
        return parse(operation, cobSchema, answer.text);
      }
      // A retry after a lost answer: the txid is already taken by our own charge.
      if (answer.status === 400 || answer.status === 409) {
        const existing = await getCob(input.txid).catch(() => undefined);
        if (existing && existing.valor.original === body.valor.original) return existing;
      }
      throw failure(operation, answer);
    },

    getCob,

    async removeCob(txid) {
      const operation = `cancelar cobrança ${txid}`;
      const answer = await call(operation, 'PATCH', cobPath(txid), {
        status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
      });
      if (answer.status === 200) return parse(operation, cobSchema, answer.text);
      // A paid or removed charge cannot be removed: it is final, which is what was asked.
      if (answer.status === 400) {
        const current = await getCob(txid);
        if (current.status !== 'ATIVA') return current;
      }
      throw failure(operation, answer);
    },

    async registerWebhook(chave, webhookUrl) {
      const operation = 'registrar webhook';
      const answer = await call(operation, 'PUT', `/webhook/${encodeURIComponent(chave)}`, {
        webhookUrl,
      });
      if (answer.status !== 200 && answer.status !== 201 && answer.status !== 204) {
        throw failure(operation, answer);
      }
      if (answer.text) parse(operation, webhookSchema.partial(), answer.text);
    },

    async listPix(from, to) {
      const operation = 'listar PIX recebidos';
      const all: PixBankPix[] = [];
      for (let page = 0; ; page += 1) {
        const query = new URLSearchParams({
          inicio: from.toISOString(),
          fim: to.toISOString(),
          'paginacao.paginaAtual': String(page),
          'paginacao.itensPorPagina': String(PAGE_SIZE),
        });
        const answer = await call(operation, 'GET', `/pix?${query.toString()}`);
        if (answer.status !== 200) throw failure(operation, answer);
        const body = parse(operation, pixListSchema, answer.text);
        all.push(...body.pix);
        if (page + 1 >= body.parametros.paginacao.quantidadeDePaginas) return all;
      }
    },

    async refund(endToEndId, refundId, amountCents) {
      const operation = `devolver PIX ${endToEndId}`;
      const answer = await call(operation, 'PUT', devolucaoPath(endToEndId, refundId), {
        valor: centsToValor(amountCents),
      });
      if (answer.status !== 200 && answer.status !== 201) throw failure(operation, answer);
      return parse(operation, devolucaoSchema, answer.text);
    },

    async getRefund(endToEndId, refundId) {
      const operation = `consultar devolução ${refundId} do PIX ${endToEndId}`;
      const answer = await call(operation, 'GET', devolucaoPath(endToEndId, refundId));
      if (answer.status !== 200) throw failure(operation, answer);
      return parse(operation, devolucaoSchema, answer.text);
    },

    close() {
      agent.destroy();
    },
  };
}
