import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMelhorEnvioRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** What the fake answers; tests change it between calls. */
export interface FakeMelhorEnvioBehaviour {
  mode: 'ok' | 'error' | 'slow' | 'garbage';
  /** The entries of a successful calculation, as Melhor Envio writes them. */
  entries: Record<string, unknown>[];
  slowMs: number;
}

export interface FakeMelhorEnvioServer {
  url: string;
  token: string;
  behaviour: FakeMelhorEnvioBehaviour;
  requests: FakeMelhorEnvioRequest[];
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

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/**
 * A local stand-in for Melhor Envio's shipment calculator on a free loopback port (or `port`);
 * it wants the bearer token it was started with.
 */
export async function startFakeMelhorEnvio(
  options: { port?: number } = {},
): Promise<FakeMelhorEnvioServer> {
  const token = 'me-token-de-teste';
  const behaviour: FakeMelhorEnvioBehaviour = {
    mode: 'ok',
    entries: FAKE_MELHOR_ENVIO_ENTRIES,
    slowMs: 1_000,
  };
  const requests: FakeMelhorEnvioRequest[] = [];

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    requests.push({
      path,
      headers: request.headers,
      body: text ? (JSON.parse(text) as unknown) : null,
    });

    if (request.headers.authorization !== `Bearer ${token}`) {
      send(response, 401, { message: 'Unauthenticated.' });
    } else if (request.method !== 'POST' || path !== '/api/v2/me/shipment/calculate') {
      send(response, 404, { message: 'Not Found' });
    } else if (behaviour.mode === 'error') {
      send(response, 500, { message: 'Server Error' });
    } else if (behaviour.mode === 'garbage') {
      send(response, 200, { message: 'manutenção programada' });
    } else {
      if (behaviour.mode === 'slow') await new Promise((r) => setTimeout(r, behaviour.slowMs));
      send(response, 200, behaviour.entries);
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { message: 'falha no fake' }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    behaviour,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
