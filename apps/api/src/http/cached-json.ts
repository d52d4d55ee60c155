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
  /** The body as bytes, made once: identity too, so no request converts the string again. */
  encoded: { br?: Buffer; gzip?: Buffer; identity?: Buffer };
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
 * lets browsers and proxies keep a catalogue answer; `clear()` (called on every catalogue change,
 * from any process, through LISTEN/NOTIFY) drops everything at once. Concurrent misses share one
 * load.
 *
 * Stale while revalidate: an answer past its lifetime but younger than `staleMs` is
 * still served while one refresh runs in the background, so no request waits for the refill (it
 * used to cost the unlucky request 20 to 130 ms every 5 s). A failed refresh drops the answer: the
 * next request loads in the foreground and sees the error. Answers older than `staleMs`, and
 * everything after `clear()`, are loaded in the foreground as before.
 */
export function createJsonCache(options: {
  ttlMs: number;
  maxEntries: number;
  /** How long past expiry an answer may still be served while it is refreshed (0: never). */
  staleMs?: number;
  /** Called by every `clear()`: a cache built from this one's data is dropped with it. */
  onClear?: () => void;
}) {
  const staleMs = options.staleMs ?? 0;
  const entries = new Map<string, { value: CachedJson; expiresAt: number }>();
  const loading = new Map<string, Promise<CachedJson>>();
  // Bumped by clear(): a load that started before a change must not store what it read.
  let generation = 0;

  async function load<T>(
    key: string,
    loader: () => Promise<T>,
    render: (value: T) => CachedJson,
  ): Promise<CachedJson> {
    const startedIn = generation;
    const value = render(await loader());
    if (options.ttlMs > 0 && startedIn === generation) {
      entries.delete(key);
      // Maps keep insertion order: the first key is the oldest entry.
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, expiresAt: Date.now() + options.ttlMs });
    }
    return value;
  }

  function startLoad<T>(
    key: string,
    loader: () => Promise<T>,
    render: (value: T) => CachedJson,
  ): Promise<CachedJson> {
    const pending = load(key, loader, render).finally(() => {
      if (loading.get(key) === pending) loading.delete(key);
    });
    loading.set(key, pending);
    return pending;
  }

  return {
    /**
     * The answer kept under `key` while it is within its lifetime, else undefined (then `get`
     * serves it stale, refreshes or loads it). For a route that answers a hit synchronously: no
     * promise and no turn of the microtask queue on its busiest path.
     */
    fresh(key: string): CachedJson | undefined {
      const hit = entries.get(key);
      return hit && hit.expiresAt > Date.now() ? hit.value : undefined;
    },
    /** `render` turns what `loader` answers into the cached form (JSON by default). */
    get<T>(
      key: string,
      loader: () => Promise<T>,
      render: (value: T) => CachedJson = renderJson,
    ): Promise<CachedJson> {
      const hit = entries.get(key);
      const now = Date.now();
      if (hit && hit.expiresAt > now) return Promise.resolve(hit.value);
      if (hit && hit.expiresAt + staleMs > now) {
        if (!loading.has(key)) {
          startLoad(key, loader, render).catch(() => {
            // The answer could not be refreshed: stop serving it (the next request loads anew).
            if (entries.get(key) === hit) entries.delete(key);
          });
        }
        return Promise.resolve(hit.value);
      }
      if (hit) entries.delete(key);
      return loading.get(key) ?? startLoad(key, loader, render);
    },
    clear(): void {
      generation += 1;
      entries.clear();
      // Loads already running read the catalogue before the change: later requests start anew.
      loading.clear();
      options.onClear?.();
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

function compress(body: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 6,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gzipSync(body, { level: 6 });
}

function encode(entry: CachedJson, encoding: 'br' | 'gzip'): Buffer {
  return (entry.encoded[encoding] ??= compress(entry.body, encoding));
}

/**
 * The route options of a route that answers with `sendCached` (and `sendJson` otherwise): its
 * answers come compressed already, so @fastify/compress's hooks would only look at them and pass
 * them on, at a cost on every request; and a GET has no body to decompress.
 */
export const SELF_COMPRESSED = { compress: false, decompress: false } as const;

/**
 * An answer that is not cached, on a SELF_COMPRESSED route: compressed as @fastify/compress
 * would (from 1 KB, br or gzip as the client accepts, with Vary), serialized by the route's
 * response schema.
 */
export function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  value: unknown,
): FastifyReply {
  // The routes' serializer (fastify-type-provider-zod's) answers JSON.stringify's text.
  const body = reply.serialize(value) as string;
  reply.type('application/json; charset=utf-8');
  const encoding =
    Buffer.byteLength(body) >= COMPRESS_MIN_BYTES
      ? pickEncoding(request.headers['accept-encoding'])
      : null;
  if (!encoding) return reply.send(body);
  return reply
    .header('vary', 'accept-encoding')
    .header('content-encoding', encoding)
    .send(compress(body, encoding));
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
  if (!encoding) return reply.send((entry.encoded.identity ??= Buffer.from(entry.body)));
  return reply.header('content-encoding', encoding).send(encode(entry, encoding));
}
