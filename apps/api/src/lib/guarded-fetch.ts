import { type LookupAddress, promises as dns } from 'node:dns';
import { type IncomingMessage, request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { addressScope } from './ip-ranges.ts';

/**
 * One fetch for every address the server did not choose itself (a photo link Bling sends, say):
 * only public internet addresses are reached. The host is resolved once per connection and each
 * address it resolves to is checked before the socket connects to that very address, so a name
 * that answers a public address to a first look-up and a private one to the next (DNS rebinding)
 * gains nothing; every redirect is checked the same way, and size and time are bounded.
 */

/** Every address a host name resolves to (the system resolver, as `dns.lookup` with all). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export interface GuardedFetchOptions {
  /** For the whole fetch: connections, redirects and the body. */
  timeoutMs: number;
  /** The body is cut off past this many bytes, whatever the headers say. */
  maxBytes: number;
  /** Redirects followed, each checked as the first address was (default 3). */
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** The resolver; tests answer chosen addresses for names of their own. */
  resolve?: ResolveHost;
  /**
   * Tests only: loopback ports their fake servers listen on, which may be reached. Nothing outside
   * the tests sets it (app.ts refuses it unless NODE_ENV=test).
   */
  allowLoopbackPorts?: readonly number[];
}

export interface GuardedResponse {
  status: number;
  /** The address that answered, after redirects. */
  url: URL;
  contentType: string | undefined;
  body: Buffer;
}

export type GuardedFetchFailure = 'address' | 'redirects' | 'too_large' | 'timeout' | 'network';

/** Why a guarded fetch failed, with a pt-BR message an administrator reads in a sync report. */
export class GuardedFetchError extends Error {
  readonly reason: GuardedFetchFailure;

  constructor(reason: GuardedFetchFailure, message: string) {
    super(message);
    this.name = 'GuardedFetchError';
    this.reason = reason;
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const refused = () => new GuardedFetchError('address', 'endereço não permitido');

const systemResolve: ResolveHost = (hostname) =>
  dns.lookup(hostname, { all: true, verbatim: true });

function portOf(url: URL): number {
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}

/** Whether the socket may connect to `address` on `port`. */
function reachable(address: string, port: number, options: GuardedFetchOptions): boolean {
  const scope = addressScope(address);
  if (scope === 'public') return true;
  return scope === 'loopback' && (options.allowLoopbackPorts ?? []).includes(port);
}

/**
 * The socket's resolver: every address the name resolves to must be reachable, or none is used;
 * the socket then connects to the addresses checked here, not to a second answer.
 */
function checkedLookup(port: number, options: GuardedFetchOptions): LookupFunction {
  const resolve = options.resolve ?? systemResolve;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname)
      .then((found) => {
        const family = lookupOptions.family;
        const addresses = found.filter((a) => !family || family === 0 || a.family === family);
        const [first] = addresses;
        if (!first || found.some((a) => !reachable(a.address, port, options))) throw refused();
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''));
  };
}

/** Refuses an address the request may not go to before any socket opens. */
function checkUrl(url: URL, previous: URL | undefined, options: GuardedFetchOptions): void {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refused();
  // A redirect may not drop TLS the first address had.
  if (previous?.protocol === 'https:' && url.protocol === 'http:') throw refused();
  if (url.username || url.password) throw refused();
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // An address literal is connected to without a look-up: checked here.
  if (isIP(host) !== 0 && !reachable(host, portOf(url), options)) throw refused();
}

function requestOnce(
  url: URL,
  options: GuardedFetchOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const port = portOf(url);
  const request: RequestOptions = {
    method: 'GET',
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port,
    path: `${url.pathname}${url.search}`,
    headers: { 'user-agent': 'Lumina', ...options.headers },
    lookup: checkedLookup(port, options),
    // A connection of its own, never one a pool opened for another check.
    agent: false,
    signal,
  };
  return new Promise((resolve, reject) => {
    const outgoing = (url.protocol === 'https:' ? httpsRequest : httpRequest)(request, resolve);
    outgoing.on('error', reject);
    // Belt and braces: the peer the socket reached is the address that was checked.
    outgoing.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        if (!reachable(socket.remoteAddress ?? '', port, options)) outgoing.destroy(refused());
      });
    });
    outgoing.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new GuardedFetchError('too_large', `resposta maior que ${maxBytes} bytes`);
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    const piece = chunk as Buffer;
    size += piece.length;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(piece);
  }
  return Buffer.concat(chunks);
}

function failure(error: unknown, signal: AbortSignal, timeoutMs: number): GuardedFetchError {
  if (error instanceof GuardedFetchError) return error;
  if (signal.aborted) return new GuardedFetchError('timeout', `sem resposta em ${timeoutMs} ms`);
  // The reason (ECONNREFUSED, ENOTFOUND...), never the address or its query.
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return new GuardedFetchError('network', `falha na conexão (${code ?? 'erro de rede'})`);
}

/** GETs `url` when it, and every address it redirects to, is on the public internet. */
export async function guardedFetch(
  url: URL,
  options: GuardedFetchOptions,
): Promise<GuardedResponse> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const maxRedirects = options.maxRedirects ?? 3;
  let current = url;
  let previous: URL | undefined;
  try {
    for (let hop = 0; ; hop += 1) {
      checkUrl(current, previous, options);
      const response = await requestOnce(current, options, signal);
      const location = response.headers.location;
      if (!REDIRECTS.has(response.statusCode ?? 0) || !location) {
        return {
          status: response.statusCode ?? 0,
          url: current,
          contentType: response.headers['content-type'],
          body: await readBody(response, options.maxBytes),
        };
      }
      response.resume();
      if (hop >= maxRedirects) {
        throw new GuardedFetchError('redirects', 'redirecionamentos demais');
      }
      previous = current;
      current = new URL(location, current);
    }
  } catch (error) {
    throw failure(error, signal, options.timeoutMs);
  }
}
