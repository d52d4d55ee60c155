import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { encodePixBrCode } from '../pix/br-code.ts';
import { centsToValor, type CobStatus, valorToCents } from './pix-bank-schemas.ts';

export interface FakePixBankRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** Whether the caller presented a client certificate signed by the fake's CA. */
  authorizedClient: boolean;
}

export interface FakePixBankDevolucao {
  id: string;
  rtrId: string;
  valor: string;
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  horario: { solicitacao: string; liquidacao?: string };
  motivo?: string;
}

export interface FakePixBankPix {
  endToEndId: string;
  txid: string;
  valor: string;
  chave: string;
  horario: string;
  infoPagador?: string;
  devolucoes: FakePixBankDevolucao[];
}

/** A cob as the API Pix answers it. */
export interface FakePixBankCob {
  txid: string;
  revisao: number;
  status: CobStatus;
  calendario: { criacao: string; expiracao: number };
  devedor?: unknown;
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  loc: { id: number; location: string; tipoCob: 'cob' };
  location: string;
  pixCopiaECola: string;
  pix?: FakePixBankPix[];
}

export interface FakePayOptions {
  /** Paid with another amount than the cob's (a bank that lets the payer change it). */
  amountCents?: number;
  /** send (default), lost (never posted: reconciliation's job), duplicate (posted twice). */
  webhook?: 'send' | 'lost' | 'duplicate';
  delayMs?: number;
}

export interface FakePixBankServer {
  /** https://127.0.0.1:port */
  url: string;
  /** The API's base: `${url}/api/v2`. */
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  cobs: Map<string, FakePixBankCob>;
  /** Registered webhook URL by PIX key. */
  webhooks: Map<string, string>;
  requests: FakePixBankRequest[];
  readonly tokensIssued: number;
  /**
   * The payer pays a cob: it becomes CONCLUIDA with one PIX, and the webhook is posted to the
   * registered URL + '/pix' (or not, or twice). Resolves with the webhook answers' statuses once
   * they are delivered.
   */
  pay(txid: string, options?: FakePayOptions): Promise<{ endToEndId: string; webhook: number[] }>;
  /** The next `count` API calls answer 503 without acting. */
  failNext(count: number): void;
  /**
   * How new devoluções answer: DEVOLVIDO at once (the default), EM_PROCESSAMENTO until
   * `settleDevolucao`, or NAO_REALIZADO (motivo given).
   */
  devolucaoOutcome: FakePixBankDevolucao['status'];
  /** Every devolução made, by its id. */
  devolucoes(): Map<string, FakePixBankDevolucao>;
  /**
   * A devolução in processing reaches its final status, and the bank posts the PIX with its
   * devoluções to the webhook (or not). Resolves with the webhook answers' statuses.
   */
  settleDevolucao(
    id: string,
    status: 'DEVOLVIDO' | 'NAO_REALIZADO',
    options?: { webhook?: 'send' | 'lost' },
  ): Promise<number[]>;
  /** Every token issued so far stops being accepted (a bank restart). */
  revokeTokens(): void;
  reset(): void;
  close(): Promise<void>;
}

export interface FakePixBankOptions {
  /** PEM of the server certificate (for 127.0.0.1), its key, and the CA that signs clients. */
  tls: { cert: Buffer; key: Buffer; ca: Buffer };
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** Token lifetime in seconds. */
  tokenLifetime?: number;
}

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const DEVOLUCAO_ID = /^[a-zA-Z0-9]{1,35}$/;

function send(response: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    response.writeHead(status);
    response.end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** RFC 7807, as the API Pix answers its errors. */
function problem(response: ServerResponse, status: number, title: string, detail: string): void {
  response.writeHead(status, { 'content-type': 'application/problem+json' });
  response.end(
    JSON.stringify({ type: `https://pix.bcb.gov.br/api/v2/error/${title}`, title, status, detail }),
  );
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A PSP's API Pix on loopback over HTTPS with mutual TLS: a client without a certificate of the
 * fake's CA is refused at the handshake. OAuth2 client_credentials, cob, webhook, pix and
 * devolução as bacen/pix-api describes them, and a payer who pays, with the webhook delivered
 * late, twice or never on demand.
 */
export async function startFakePixBank(options: FakePixBankOptions): Promise<FakePixBankServer> {
  const clientId = options.clientId ?? 'lumina-fake-client';
  const clientSecret = options.clientSecret ?? `fake-secret-${randomBytes(12).toString('hex')}`;
  const tokenLifetime = options.tokenLifetime ?? 3600;
  const cobs = new Map<string, FakePixBankCob>();
  const webhooks = new Map<string, string>();
  const requests: FakePixBankRequest[] = [];
  const tokens = new Set<string>();
  let tokensIssued = 0;
  let failures = 0;
  let nextLoc = 1;
  let url = '';
  let devolucaoOutcome: FakePixBankDevolucao['status'] = 'DEVOLVIDO';

  function pixByE2e(endToEndId: string): FakePixBankPix | undefined {
    for (const cob of cobs.values()) {
      const found = cob.pix?.find((pix) => pix.endToEndId === endToEndId);
      if (found) return found;
    }
    return undefined;
  }

  function putCob(txid: string, body: unknown): [number, unknown] {
    if (!TXID.test(txid)) return [400, ['CobOperacaoInvalida', 'txid fora do padrão']];
    if (cobs.has(txid)) return [400, ['CobOperacaoInvalida', 'txid já utilizado']];
    const input = asRecord(body);
    const original = asRecord(input.valor).original;
    const expiracao = asRecord(input.calendario).expiracao;
    if (typeof original !== 'string' || !/^\d{1,10}\.\d{2}$/.test(original)) {
      return [400, ['CobOperacaoInvalida', 'valor.original inválido']];
    }
    if (typeof input.chave !== 'string' || !input.chave) {
      return [400, ['CobOperacaoInvalida', 'chave ausente']];
    }
    const loc = nextLoc++;
    const location = `${url.replace(/^https:\/\//, '')}/qr/v2/${randomUUID()}`;
    const cob: FakePixBankCob = {
      txid,
      revisao: 0,
      status: 'ATIVA',
      calendario: {
        criacao: new Date().toISOString(),
        expiracao: typeof expiracao === 'number' ? expiracao : 86_400,
      },
      ...(input.devedor ? { devedor: input.devedor } : {}),
      valor: { original },
      chave: input.chave,
      ...(typeof input.solicitacaoPagador === 'string'
        ? { solicitacaoPagador: input.solicitacaoPagador }
        : {}),
      loc: { id: loc, location, tipoCob: 'cob' },
      location,
      // A real dynamic code points at `location`; the fake's names the key, which any reader
      // of BR Codes accepts as well.
      pixCopiaECola: encodePixBrCode({
        pixKey: input.chave,
        merchantName: 'LUMINA PIERCINGS',
        merchantCity: 'SAO PAULO',
        amountCents: valorToCents(original),
        txid: null,
      }),
    };
    cobs.set(txid, cob);
    return [201, cob];
  }

  function patchCob(txid: string, body: unknown): [number, unknown] {
    const cob = cobs.get(txid);
    if (!cob) return [404, ['CobNaoEncontrado', 'cobrança não encontrada']];
    if (asRecord(body).status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR') {
      return [400, ['CobOperacaoInvalida', 'status inválido']];
    }
    if (cob.status !== 'ATIVA') {
      return [400, ['CobOperacaoInvalida', `cobrança ${cob.status} não pode ser alterada`]];
    }
    cob.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
    cob.revisao += 1;
    return [200, cob];
  }

  function devolver(endToEndId: string, id: string, body: unknown): [number, unknown] {
    const pix = pixByE2e(endToEndId);
    if (!pix) return [404, ['PixNaoEncontrado', 'PIX não encontrado']];
    if (!DEVOLUCAO_ID.test(id)) return [400, ['DevolucaoOperacaoInvalida', 'id inválido']];
    const known = pix.devolucoes.find((devolucao) => devolucao.id === id);
    if (known) return [201, known];
    const valor = asRecord(body).valor;
    if (typeof valor !== 'string' || !/^\d{1,10}\.\d{2}$/.test(valor)) {
      return [400, ['DevolucaoOperacaoInvalida', 'valor inválido']];
    }
    const returned = pix.devolucoes
      .filter((d) => d.status !== 'NAO_REALIZADO')
      .reduce((sum, d) => sum + valorToCents(d.valor), 0);
    if (returned + valorToCents(valor) > valorToCents(pix.valor)) {
      return [400, ['DevolucaoOperacaoInvalida', 'valor maior que o disponível']];
    }
    const now = new Date().toISOString();
    const devolucao: FakePixBankDevolucao = {
      id,
      rtrId: `D${randomBytes(15).toString('hex').slice(0, 31)}`,
      valor,
      status: devolucaoOutcome,
      horario:
        devolucaoOutcome === 'DEVOLVIDO'
          ? { solicitacao: now, liquidacao: now }
          : { solicitacao: now },
      ...(devolucaoOutcome === 'NAO_REALIZADO' ? { motivo: 'Conta do pagador encerrada' } : {}),
    };
    pix.devolucoes.push(devolucao);
    return [201, devolucao];
  }

  function listPix(query: Record<string, string>): [number, unknown] {
    const from = Date.parse(query.inicio ?? '');
    const to = Date.parse(query.fim ?? '');
    if (Number.isNaN(from) || Number.isNaN(to)) {
      return [400, ['ConsultaInvalida', 'inicio e fim são obrigatórios']];
    }
    const page = Number(query['paginacao.paginaAtual'] ?? 0);
    const size = Math.min(Number(query['paginacao.itensPorPagina'] ?? 100), 1000);
    const all = [...cobs.values()]
      .flatMap((cob) => cob.pix ?? [])
      .filter((pix) => {
        const at = Date.parse(pix.horario);
        return at >= from && at <= to;
      });
    return [
      200,
      {
        parametros: {
          inicio: query.inicio,
          fim: query.fim,
          paginacao: {
            paginaAtual: page,
            itensPorPagina: size,
            quantidadeDePaginas: Math.max(1, Math.ceil(all.length / size)),
            quantidadeTotalDeItens: all.length,
          },
        },
        pix: all.slice(page * size, (page + 1) * size),
      },
    ];
  }

  function act(request: FakePixBankRequest): [number, unknown] {
    const path = request.path.replace(/^\/api\/v2/, '');
    const cob = /^\/cob\/([^/]+)$/.exec(path);
    const webhook = /^\/webhook\/([^/]+)$/.exec(path);
    const devolucao = /^\/pix\/([^/]+)\/devolucao\/([^/]+)$/.exec(path);
    if (cob?.[1]) {
      const txid = decodeURIComponent(cob[1]);
      if (request.method === 'PUT') return putCob(txid, request.body);
      if (request.method === 'PATCH') return patchCob(txid, request.body);
      if (request.method === 'GET') {
        const found = cobs.get(txid);
        return found ? [200, found] : [404, ['CobNaoEncontrado', 'cobrança não encontrada']];
      }
    }
    if (webhook?.[1] && request.method === 'PUT') {
      const webhookUrl = asRecord(request.body).webhookUrl;
      if (typeof webhookUrl !== 'string' || !URL.canParse(webhookUrl)) {
        return [400, ['WebhookOperacaoInvalida', 'webhookUrl inválida']];
      }
      webhooks.set(decodeURIComponent(webhook[1]), webhookUrl);
      return [204, undefined];
    }
    if (devolucao?.[1] && devolucao[2] && request.method === 'PUT') {
      return devolver(
        decodeURIComponent(devolucao[1]),
        decodeURIComponent(devolucao[2]),
        request.body,
      );
    }
    if (devolucao?.[1] && devolucao[2] && request.method === 'GET') {
      const id = decodeURIComponent(devolucao[2]);
      const found = pixByE2e(decodeURIComponent(devolucao[1]))?.devolucoes.find(
        (one) => one.id === id,
      );
      return found ? [200, found] : [404, ['DevolucaoNaoEncontrada', 'devolução não encontrada']];
    }
    if (path === '/pix' && request.method === 'GET') return listPix(request.query);
    return [404, ['NaoEncontrado', 'recurso não encontrado']];
  }

  function issueToken(incoming: IncomingMessage, text: string): [number, unknown] {
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const form = new URLSearchParams(text);
    if (incoming.headers.authorization !== `Basic ${basic}`) {
      return [401, { error: 'invalid_client' }];
    }
    if (form.get('grant_type') !== 'client_credentials') {
      return [400, { error: 'unsupported_grant_type' }];
    }
    const accessToken = randomBytes(24).toString('hex');
    tokens.add(accessToken);
    tokensIssued += 1;
    return [
      200,
      {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: tokenLifetime,
        scope: form.get('scope') ?? '',
      },
    ];
  }

  async function handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const target = new URL(incoming.url ?? '/', 'https://fake');
    let body: unknown = null;
    try {
      body = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      body = text;
    }
    const request: FakePixBankRequest = {
      method: incoming.method ?? 'GET',
      path: target.pathname,
      query: Object.fromEntries(target.searchParams),
      body,
      authorizedClient: (incoming.socket as TLSSocket).authorized,
    };
    requests.push(request);
    if (target.pathname === '/oauth/token' && request.method === 'POST') {
      const [status, answer] = issueToken(incoming, text);
      return send(response, status, answer);
    }
    if (failures > 0) {
      failures -= 1;
      return problem(response, 503, 'ServicoIndisponivel', 'serviço indisponível');
    }
    const bearer = /^Bearer (.+)$/.exec(incoming.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return problem(response, 401, 'AcessoNegado', 'token ausente, inválido ou expirado');
    }
    const [status, answer] = act(request);
    if (Array.isArray(answer)) {
      const [title, detail] = answer as [string, string];
      return problem(response, status, title, detail);
    }
    send(response, status, answer);
  }

  const server: Server = createServer(
    {
      cert: options.tls.cert,
      key: options.tls.key,
      ca: options.tls.ca,
      // mTLS: the handshake itself refuses a client without a certificate of the CA.
      requestCert: true,
      rejectUnauthorized: true,
    },
    (request, response) => {
      handle(request, response).catch(() => problem(response, 500, 'ErroInterno', 'falha do fake'));
    },
  );
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function post(target: string, payload: unknown): Promise<number> {
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(10_000),
    });
    await answer.text();
    return answer.status;
  }

  return {
    url,
    baseUrl: `${url}/api/v2`,
    tokenUrl: `${url}/oauth/token`,
    clientId,
    clientSecret,
    cobs,
    webhooks,
    requests,
    get tokensIssued() {
      return tokensIssued;
    },
    async pay(txid, payOptions = {}) {
      const cob = cobs.get(txid);
      if (!cob) throw new Error(`fake PSP has no cob ${txid}`);
      if (cob.status !== 'ATIVA') throw new Error(`cob ${txid} is ${cob.status}`);
      const pix: FakePixBankPix = {
        endToEndId:
          `E00000000${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${randomBytes(6).toString('hex')}`.slice(
            0,
            32,
          ),
        txid,
        valor:
          payOptions.amountCents === undefined
            ? cob.valor.original
            : centsToValor(payOptions.amountCents),
        chave: cob.chave,
        horario: new Date().toISOString(),
        infoPagador: 'Pagamento do pedido',
        devolucoes: [],
      };
      cob.status = 'CONCLUIDA';
      cob.pix = [pix];
      const mode = payOptions.webhook ?? 'send';
      const registered = webhooks.get(cob.chave);
      if (mode === 'lost' || !registered) return { endToEndId: pix.endToEndId, webhook: [] };
      if (payOptions.delayMs) await sleep(payOptions.delayMs);
      // The notification carries the PIX without its devolucoes, as the API's webhook does.
      const { devolucoes: _devolucoes, ...notified } = pix;
      const statuses = [await post(`${registered}/pix`, { pix: [notified] })];
      if (mode === 'duplicate') statuses.push(await post(`${registered}/pix`, { pix: [notified] }));
      return { endToEndId: pix.endToEndId, webhook: statuses };
    },
    failNext(count) {
      failures += count;
    },
    get devolucaoOutcome() {
      return devolucaoOutcome;
    },
    set devolucaoOutcome(value) {
      devolucaoOutcome = value;
    },
    devolucoes() {
      return new Map(
        [...cobs.values()]
          .flatMap((cob) => cob.pix ?? [])
          .flatMap((pix) => pix.devolucoes)
          .map((devolucao) => [devolucao.id, devolucao] as const),
      );
    },
    async settleDevolucao(id, status, settleOptions = {}) {
      const cob = [...cobs.values()].find((one) =>
        one.pix?.some((pix) => pix.devolucoes.some((devolucao) => devolucao.id === id)),
      );
      const pix = cob?.pix?.find((one) => one.devolucoes.some((d) => d.id === id));
      const devolucao = pix?.devolucoes.find((one) => one.id === id);
      if (!cob || !pix || !devolucao) throw new Error(`fake PSP has no devolução ${id}`);
      if (devolucao.status !== 'EM_PROCESSAMENTO') {
        throw new Error(`devolução ${id} is already ${devolucao.status}`);
      }
      devolucao.status = status;
      if (status === 'DEVOLVIDO') devolucao.horario.liquidacao = new Date().toISOString();
      else devolucao.motivo = 'Conta do pagador encerrada';
      const registered = webhooks.get(cob.chave);
      if (settleOptions.webhook === 'lost' || !registered) return [];
      // A devolução reaching a final status is notified with its PIX (REFERENCE.md).
      return [await post(`${registered}/pix`, { pix: [{ ...pix, devolucoes: [devolucao] }] })];
    },
    revokeTokens() {
      tokens.clear();
    },
    reset() {
      cobs.clear();
      webhooks.clear();
      requests.length = 0;
      failures = 0;
      devolucaoOutcome = 'DEVOLVIDO';
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
