import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

// The product detail answers from the catalogue cache with its own compression (its route skips
// @fastify/compress): what a client receives must be what any other route would send it.
let ctx: TestContext;
let productId: number;
let inactiveId: number;

/** Headers that differ between any two answers, whatever served them. */
const PER_ANSWER = new Set(['date', 'x-request-id']);
const stable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));

beforeAll(async () => {
  ctx = await createTestContext({
    catalogCacheTtlMs: 60_000,
    env: { RATE_LIMIT_MAX: '40' },
  });
  // A description long enough for the answer to pass the 1 KB compression threshold.
  const description = `<p>${'Aço cirúrgico 316L, hipoalergênico. '.repeat(40)}</p>`;
  [productId, inactiveId] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Clicker', sku: 'DET-CLK', description }),
    createProduct({ name: 'Argola Aposentada', sku: 'DET-OLD', description, active: false }),
  ])) as [number, number];
});
afterAll(async () => {
  await ctx?.close();
});

const read = (headers: Record<string, string> = {}, id = productId) =>
  ctx.app.inject({ url: `/api/products/${id}`, headers, remoteAddress: '10.0.0.1' });

describe('GET /api/products/{id} from the cache', () => {
  it('sends the same headers and bytes when it fills the cache and when it answers from it', async () => {
    const first = await read();
    const cached = await read();
    expect(first.statusCode).toBe(200);
    expect(stable(cached.headers)).toEqual(stable(first.headers));
    expect(cached.body).toBe(first.body);
    expect(first.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=60, stale-while-revalidate=300',
      vary: 'accept-encoding',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(first.headers['content-security-policy']).toContain("default-src 'self'");
    expect(first.headers['x-request-id']).toBeTruthy();
    expect(first.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 to the ETag it sent, with the same validators', async () => {
    const first = await read();
    const again = await read({ 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers.vary).toBe('accept-encoding');
    expect(again.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends br or gzip as the client accepts, identity otherwise', async () => {
    const plain = await read();
    const br = await read({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await read({ 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const identity = await read({ 'accept-encoding': 'deflate' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
    for (const response of [br, gzip, identity]) {
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.headers.etag).toBe(plain.headers.etag);
      expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    }
  });

  it("compresses an administrator's read of an inactive product, kept by no cache", async () => {
    const admin = await createUser(ctx.database, { role: 'admin' });
    const auth = bearerHeader((await signIn(ctx.app, admin)).access_token);
    const response = await read({ ...auth, 'accept-encoding': 'gzip' }, inactiveId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toMatchObject({
      product: { id: inactiveId, active: false },
    });
  });

  it("counts every cached answer against the client's limit and answers 429 past it", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 45; i += 1) statuses.push((await read()).statusCode);
    expect(statuses).toContain(429);
    const refused = await read();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    // Another client is not refused.
    const other = await ctx.app.inject({
      url: `/api/products/${productId}`,
      remoteAddress: '10.0.0.2',
    });
    expect(other.statusCode).toBe(200);
  });
});
