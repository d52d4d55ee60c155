import { Agent, request } from 'node:http';

/** Keep-alive connections, as a browser keeps them: the figures are not of TCP handshakes. */
export const keepAliveAgent = new Agent({ keepAlive: true, maxSockets: 256 });

export interface JsonAnswer {
  status: number;
  json: Record<string, unknown>;
  /** From sending the request to the last byte of the answer. */
  ms: number;
}

/** One JSON request over `keepAliveAgent`; fails after 30 s. */
export function jsonRequest(
  method: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent: keepAliveAgent,
        timeout: 30_000,
        headers: {
          ...headers,
          ...(payload && {
            'content-type': 'application/json',
            'content-length': String(payload.length),
          }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const ms = performance.now() - started;
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            json = { raw: text.slice(0, 300) };
          }
          resolve({ status: response.statusCode ?? 0, json, ms });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}
