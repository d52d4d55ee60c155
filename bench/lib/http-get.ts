import { get } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The exact bytes on the wire (no accept-encoding is sent, so nothing is compressed). */
  body: Buffer;
}

/** GET without any content negotiation, like autocannon's requests. Times out after 10 s. */
export function httpGet(url: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = get(url, { timeout: 10_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}
