import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../db/schema/products.ts';
import { createProduct, insertProducts } from '../test/product-builder.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { RENDER_CONCURRENCY, RENDER_QUEUE } from './web-app.ts';

/**
 * Pages under a flood: made-up addresses must not force renders, one client may not ask for
 * pages without end, and renders wait in a bounded queue. The renderer is a stand-in module
 * (as in server-render.test.ts) that counts its renders and, while the test holds it, waits.
 */
const INDEX_HTML = `<!doctype html><html lang="pt-BR"><head><title>Loja</title></head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>`;

const RENDERER = `
export async function renderPage(url) {
  globalThis.luminaRenders.push(url);
  await globalThis.luminaHold;
  return { html: '<main>rendered ' + url + '</main>', state: [] };
}
`;

interface RenderProbe {
  luminaRenders: string[];
  luminaHold: Promise<void> | undefined;
}
const probe = globalThis as unknown as RenderProbe;

const PAGE_LIMIT = 40;

let dist: string;
let ctx: TestContext;

beforeAll(async () => {
  probe.luminaRenders = [];
  dist = mkdtempSync(join(tmpdir(), 'lumina-flood-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  mkdirSync(join(dist, 'ssr'));
  writeFileSync(join(dist, 'ssr', 'entry-server.js'), RENDERER);
  // Pages cached as in production (the test default turns the cache off).
  ctx = await createTestContext({
    catalogCacheTtlMs: 60_000,
    env: { WEB_DIST_DIR: dist, PAGE_RATE_LIMIT_MAX: String(PAGE_LIMIT) },
  });
});

afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

let client = 0;
/** A client of its own per test, so each starts with its whole page allowance. */
function newClient(): (url: string) => Promise<LightMyRequestResponse> {
  client += 1;
  const remoteAddress = `192.0.2.${client}`;
  return (url) => ctx.app.inject({ url, remoteAddress });
}

/** A ring sold in 8 mm and 10 mm, as the variants `{sku}-8` and `{sku}-10`. */
async function insertRing(name: string, sku: string): Promise<number> {
  const [id] = await insertProducts(ctx.database.db, [
    createProduct({
      name,
      options: [{ name: 'Diâmetro', values: ['8 mm', '10 mm'] }],
      variants: [
        { sku: `${sku}-8`, option_values: { Diâmetro: '8 mm' }, stock_quantity: 1 },
        { sku: `${sku}-10`, option_values: { Diâmetro: '10 mm' }, stock_quantity: 3 },
      ],
    }),
  ]);
  return id!;
}

describe('page cache keys', () => {
  it('are what the page reads: made-up parameters, case and slashes render nothing new', async () => {
    const get = newClient();
    const before = probe.luminaRenders.length;
    for (const url of [
      '/produtos?search=anel&z=1',
      '/produtos?z=2&search=anel',
      '/produtos/?search=%20anel%20&utm_source=zap',
      '/PRODUTOS?search=anel&ordem=name&categoria=nenhuma',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<main>rendered /produtos?search=anel</main>');
    }
    expect(probe.luminaRenders.slice(before)).toEqual(['/produtos?search=anel']);

    // What the page does read still makes a page of its own, in one canonical order.
    const sorted = await get('/produtos?ordem=price&search=anel&categoria=ORELHA');
    expect(sorted.body).toContain(
      '<main>rendered /produtos?categoria=orelha&ordem=price&search=anel</main>',
    );
  });

  it('give every unknown address and every spelling of a product id one page each', async () => {
    const get = newClient();
    const before = probe.luminaRenders.length;
    for (const url of ['/nada-1', '/nada-2?x=1', '/outra/coisa']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    for (const url of ['/produto/7', '/produto/007', '/produto/7/?ref=zap']) await get(url);
    expect(probe.luminaRenders.slice(before)).toEqual(['/pagina-nao-encontrada', '/produto/7']);
  });

  it("give a product's shared variant link a page of its own, and a made-up SKU none", async () => {
    const ring = await insertRing('Argola Captive', 'CAP');
    const get = newClient();
    const before = probe.luminaRenders.length;
    const linked = await get(`/produto/${ring}?variante=CAP-8&utm_source=zap`);
    expect(linked.body).toContain(`<main>rendered /produto/${ring}?variante=CAP-8</main>`);
    for (const url of [
      `/produto/${ring}?variante=NADA`,
      `/produto/${ring}?variante=`,
      `/produto/${ring}?variante=%3Cscript%3E`,
    ]) {
      expect((await get(url)).body, url).toContain(`<main>rendered /produto/${ring}</main>`);
    }
    await get(`/produto/${ring}`);
    expect(probe.luminaRenders.slice(before)).toEqual([
      `/produto/${ring}?variante=CAP-8`,
      `/produto/${ring}`,
    ]);
  });

  it('tell a shared variant link from a made-up SKU without asking the database on a cached page', async () => {
    const ring = await insertRing('Argola Segmento', 'SEG');
    const get = newClient();
    const before = probe.luminaRenders.length;
    expect((await get(`/produto/${ring}?variante=SEG-8`)).body).toContain(
      `<main>rendered /produto/${ring}?variante=SEG-8</main>`,
    );
    expect((await get(`/produto/${ring}?variante=SEG-12`)).body).toContain(
      `<main>rendered /produto/${ring}</main>`,
    );
    // Renamed behind the caches' back (no change notice): had the SKU been checked in the
    // database, the link would now get the product's own page.
    await ctx.database.db
      .update(productVariants)
      .set({ sku: 'SEG-8-NOVO' })
      .where(eq(productVariants.sku, 'SEG-8'));
    expect((await get(`/produto/${ring}?variante=SEG-8`)).body).toContain(
      `<main>rendered /produto/${ring}?variante=SEG-8</main>`,
    );
    // Made-up SKUs, the new one as well (not yet in the cached product), add no page.
    for (const sku of ['SEG-8-NOVO', 'SEG-99', 'NADA']) {
      expect((await get(`/produto/${ring}?variante=${sku}`)).body, sku).toContain(
        `<main>rendered /produto/${ring}</main>`,
      );
    }
    expect(probe.luminaRenders.slice(before)).toEqual([
      `/produto/${ring}?variante=SEG-8`,
      `/produto/${ring}`,
    ]);
  });
});

describe('page rate limit', () => {
  it('answers 429 with Retry-After and a small pt-BR page past the limit, per client', async () => {
    const get = newClient();
    for (let i = 0; i < PAGE_LIMIT; i++) expect((await get('/')).statusCode).toBe(200);
    const refused = await get('/');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).toContain('<html lang="pt-BR">');
    expect(refused.body).toContain('Muitas páginas em pouco tempo');
    // The app's code stays out: it would only ask for more.
    expect(refused.body).not.toContain('/assets/');

    // Another client, and the same client's API calls, are not held back by it.
    expect((await newClient()('/')).statusCode).toBe(200);
    const api = await ctx.app.inject({
      url: '/api/health',
      remoteAddress: `192.0.2.${client - 1}`,
    });
    expect(api.statusCode).toBe(200);
  });
});

describe('render queue', () => {
  it('renders a few pages at once, queues some and answers the rest with the unrendered shell', async () => {
    const get = newClient();
    let release!: () => void;
    probe.luminaHold = new Promise<void>((resolve) => (release = resolve));
    const before = probe.luminaRenders.length;
    const total = RENDER_CONCURRENCY + RENDER_QUEUE + 5;
    const settled: { url: string; body: string }[] = [];
    const answers = Array.from({ length: total }, (_, i) => {
      const url = `/produtos?search=fila${i}`;
      return get(url).then((response) => {
        settled.push({ url, body: response.body });
        return response;
      });
    });
    // The ones past the queue are answered at once, while the others wait.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(probe.luminaRenders.length - before).toBe(RENDER_CONCURRENCY);
    expect(settled).toHaveLength(5);
    for (const { body } of settled) {
      expect(body).toContain('<div id="root"></div>');
      expect(body).toContain('Busca: fila');
    }
    release();
    probe.luminaHold = undefined;
    const all = await Promise.all(answers);
    expect(all.every((response) => response.statusCode === 200)).toBe(true);
    expect(probe.luminaRenders.length - before).toBe(RENDER_CONCURRENCY + RENDER_QUEUE);

    // A shell is never cached: the same address asked again is rendered.
    const shelled = settled[0]!.url;
    expect((await get(shelled)).body).toContain(`<main>rendered ${shelled}</main>`);
  });
});
