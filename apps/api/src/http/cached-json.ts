import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON answer rendered once and reused: the body, its ETag and its compressed forms.
 * Catalogue reads are the busiest calls of the store and change rarely, so rendering, hashing and
 * compressing them once per cache period instead of once per request is most of their cost.
 */
export interface CachedJson {
  body: string;
  etag: string;
  encoded: { br?: Buffer; gzip?: Buffer };
  /** The status a rendered page answers with (pages share the catalogue's cache). */
  status?: number;
}

export function renderJson(value: unknown): CachedJson {
  const body = JSON.stringify(value);
  // Weak: the same tag stands for the identity, gzip and br forms of the same JSON.
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag, encoded: {} };
}

/**
 * Per-process cache with a short time to live. Each process of a multi-process deployment may
 * serve a change up to `ttlMs` late, which stays well inside the 60 s that Cache-Control already
 * lets browsers and proxies keep a catalogue answer. Concurrent misses share one load.
 */
export function createJsonCache(options: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, { value: CachedJson; expiresAt: number }>();
  const loading = new Map<string, Promise<CachedJson>>();

  async function load<T>(
    key: string,
    loader: () => Promise<T>,
    render: (value: T) => CachedJson,
  ): Promise<CachedJson> {
    try {
      const value = render(await loader());
      if (options.ttlMs > 0) {
        // Maps keep insertion order: the first key is the oldest entry.
        if (entries.size >= options.maxEntries) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entries.set(key, { value, expiresAt: Date.now() + options.ttlMs });
      }
      return value;
    } finally {
      loading.delete(key);
    }
  }

  return {
    /** `render` turns what `loader` answers into the cached form (JSON by default). */
    get<T>(
      key: string,
      loader: () => Promise<T>,
      render: (value: T) => CachedJson = renderJson,
    ): Promise<CachedJson> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > Date.now()) return Promise.resolve(hit.value);
      if (hit) entries.delete(key);
      let pending = loading.get(key);
      if (!pending) {
        pending = load(key, loader, render);
        loading.set(key, pending);
      }
      return pending;
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type JsonCache = ReturnType<typeof createJsonCache>;

const COMPRESS_MIN_BYTES = 1024;

/** The best of br and gzip the client accepts (q > 0), else null for identity. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function encode(entry: CachedJson, encoding: 'br' | 'gzip'): Buffer {
  const cached = entry.encoded[encoding];
  if (cached) return cached;
  const encoded =
    encoding === 'br'
      ? brotliCompressSync(entry.body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 6,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : gzipSync(entry.body, { level: 6 });
  entry.encoded[encoding] = encoded;
  return encoded;
}

/** If-None-Match against a tag, weak comparison (RFC 9110 13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/**
 * Sends a cached answer (JSON, or a rendered page with its status) with its ETag and
 * Cache-Control: 304 when the client already has it, else the stored compressed form. Pages need
 * this too: @fastify/compress only reaches declared routes, not the not-found handler that
 * serves most page addresses.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedJson,
  cacheControl: string,
  contentType = 'application/json; charset=utf-8',
): FastifyReply {
  reply
    .header('etag', entry.etag)
    .header('cache-control', cacheControl)
    .header('vary', 'accept-encoding');
  const status = entry.status ?? 200;
  // A 404 page is sent whole each time: only a success can be "not modified".
  if (status === 200 && matchesEtag(request.headers['if-none-match'], entry.etag)) {
    return reply.code(304).send();
  }
  reply.code(status).type(contentType);
  const encoding =
    entry.body.length >= COMPRESS_MIN_BYTES
      ? pickEncoding(request.headers['accept-encoding'])
      : null;
  if (!encoding) return reply.send(entry.body);
  return reply.header('content-encoding', encoding).send(encode(entry, encoding));
}
