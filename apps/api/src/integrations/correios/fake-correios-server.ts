import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CORREIOS_SERVICE_CODES } from './correios-client.ts';

export interface FakeCorreiosRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: string;
}

/** What the fake answers; tests change it between calls. */
export interface FakeCorreiosBehaviour {
  /** 'ok' answers like the real API; the others break every call but the token. */
  mode: 'ok' | 'error' | 'slow' | 'garbage';
  /** pcFinal by product code, decimal comma. */
  prices: Record<string, string>;
  /** prazoEntrega by product code. */
  days: Record<string, number>;
  /** The token's lifetime as announced in expiraEm (Brasília time, like the real API). */
  tokenLifetimeMs: number;
  /** How long 'slow' waits before answering. */
  slowMs: number;
}

export interface FakeCorreiosServer {
  url: string;
  credentials: { user: string; accessCode: string; postingCard: string };
  behaviour: FakeCorreiosBehaviour;
  requests: FakeCorreiosRequest[];
  /** Tokens issued so far. */
  tokensIssued(): number;
  /** Refuses every token issued so far, as after a revocation. */
  revokeTokens(): void;
  close(): Promise<void>;
}

/** '2026-03-10T23:59:59' in Brasília time (UTC-3), the way the Correios write expiraEm. */
function brasiliaLocalTime(instant: number): string {
  return new Date(instant - 3 * 3_600_000).toISOString().slice(0, 19);
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for the Correios contract API (token, national price, national deadline),
 * on a free loopback port (or `port`). It checks the Basic credentials and the bearer token it
 * issued.
 */
export async function startFakeCorreios(
  options: { port?: number } = {},
): Promise<FakeCorreiosServer> {
  const credentials = { user: 'lumina', accessCode: 'codigo-de-acesso', postingCard: '0074512345' };
  const behaviour: FakeCorreiosBehaviour = {
    mode: 'ok',
    prices: { [CORREIOS_SERVICE_CODES.pac]: '19,92', [CORREIOS_SERVICE_CODES.sedex]: '1.034,50' },
    days: { [CORREIOS_SERVICE_CODES.pac]: 7, [CORREIOS_SERVICE_CODES.sedex]: 2 },
    tokenLifetimeMs: 24 * 3_600_000,
    slowMs: 1_000,
  };
  const requests: FakeCorreiosRequest[] = [];
  const tokens = new Set<string>();
  let issued = 0;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = await readBody(request);
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization,
      body,
    });

    if (request.method === 'POST' && url.pathname === '/token/v1/autentica/cartaopostagem') {
      const basic = Buffer.from(`${credentials.user}:${credentials.accessCode}`).toString('base64');
      const numero = (JSON.parse(body || '{}') as { numero?: unknown }).numero;
      if (
        request.headers.authorization !== `Basic ${basic}` ||
        numero !== credentials.postingCard
      ) {
        send(response, 401, { msgs: ['Credenciais inválidas'] });
        return;
      }
      issued += 1;
      const token = `token-${issued}`;
      tokens.add(token);
      send(response, 201, {
        ambiente: 'PRODUCAO',
        token,
        emissao: brasiliaLocalTime(Date.now()),
        expiraEm: brasiliaLocalTime(Date.now() + behaviour.tokenLifetimeMs),
        zoneOffset: '-03:00',
      });
      return;
    }

    const bearer = request.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer)) {
      send(response, 401, { msgs: ['Token inválido'] });
      return;
    }
    if (behaviour.mode === 'error') {
      send(response, 500, { msgs: ['Erro interno'] });
      return;
    }
    if (behaviour.mode === 'slow') {
      await new Promise((resolve) => setTimeout(resolve, behaviour.slowMs));
    }
    if (behaviour.mode === 'garbage') {
      send(response, 200, '<html>manutenção</html>');
      return;
    }

    const price = /^\/preco\/v1\/nacional\/(\d+)$/.exec(url.pathname);
    const code = price?.[1] ?? /^\/prazo\/v1\/nacional\/(\d+)$/.exec(url.pathname)?.[1];
    if (code === undefined || !(code in behaviour.prices)) {
      send(response, 404, { msgs: ['Recurso não encontrado'] });
    } else if (price) {
      send(response, 200, {
        coProduto: code,
        pcBase: behaviour.prices[code],
        pcFinal: behaviour.prices[code],
      });
    } else {
      send(response, 200, { coProduto: code, prazoEntrega: behaviour.days[code] });
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { msgs: ['falha no fake'] }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    credentials,
    behaviour,
    requests,
    tokensIssued: () => issued,
    revokeTokens: () => tokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
