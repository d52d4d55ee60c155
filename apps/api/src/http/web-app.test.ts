import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { HOME_HEADING, pageTitle } from '../modules/storefront/pages.ts';
import { pageEtag, pageHtml } from './web-app.ts';

let ctx: TestContext;
let dist: string;

const INDEX_HTML = `<!doctype html><html lang="pt-BR"><head><title>Loja</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}<script type="module" src="/assets/index-abc123.js"></script></body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lumina-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestContext({ env: { WEB_DIST_DIR: dist } });
});

afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('serving the built web app', () => {
  it('serves index.html at / without long caching', async () => {
    const response = await ctx.app.inject({ url: '/', headers: page });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    // The test shop runs on simulated payments (no PIX_KEY): every page carries the marker.
    expect(response.body).toContain('<meta name="lumina-payments" content="sandbox">');
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain(
      `<title>${pageTitle(HOME_HEADING, 'Lumina Piercings')}</title>`,
    );
    expect((await ctx.app.inject({ url: '/index.html', headers: page })).body).toBe(response.body);
    // Asked for without Accept: text/html (curl, a link preview), the page is still the page.
    const plain = await ctx.app.inject({ url: '/', headers: { accept: '*/*' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(response.body);
    const products = await ctx.app.inject({ url: '/produtos', headers: { accept: '*/*' } });
    expect(products.statusCode).toBe(200);
    expect(products.body).toContain('<title>Produtos | Lumina Piercings</title>');
  });

  it('leaves the marker out of a shop with real payments, under another ETag', async () => {
    const real = await createTestContext({
      env: { WEB_DIST_DIR: dist, PIX_KEY: 'loja@example.com' },
    });
    try {
      const response = await real.app.inject({ url: '/', headers: page });
      expect(response.body).not.toContain('lumina-payments');
      const fallback = await real.app.inject({ url: '/produtos', headers: page });
      expect(fallback.body).not.toContain('lumina-payments');

      // A browser that cached the sandbox page must not be told (304) it still holds this one.
      const sandboxPage = await ctx.app.inject({ url: '/', headers: page });
      expect(response.headers.etag).toBe(pageEtag(response.body));
      expect(sandboxPage.headers.etag).toBe(pageEtag(sandboxPage.body));
      expect(response.headers.etag).not.toBe(sandboxPage.headers.etag);
      const revalidated = await real.app.inject({
        url: '/',
        headers: { ...page, 'if-none-match': String(sandboxPage.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(200);
      expect(revalidated.body).toBe(response.body);
    } finally {
      await real.close();
    }
  });

  it.each(['/', '/produtos'])(
    'answers 304 to a browser revalidating the page it holds (%s)',
    async (url) => {
      const first = await ctx.app.inject({ url, headers: page });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await ctx.app.inject({ url, headers: { ...page, 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('no-cache');
      // Compressed or not, the same HTML is the same tag.
      const gzip = await ctx.app.inject({
        url,
        headers: { ...page, 'accept-encoding': 'gzip', 'if-none-match': etag },
      });
      expect(gzip.statusCode).toBe(304);
    },
  );

  it('puts the marker in the head whatever the case of the tag, and refuses a page without one', () => {
    expect(pageHtml('<HTML><HEAD><title>x</title></HEAD><body></body></HTML>', true)).toBe(
      '<HTML><HEAD><title>x</title>    <meta name="lumina-payments" content="sandbox">\n  </HEAD><body></body></HTML>',
    );
    expect(() => pageHtml('<body>sem head</body>', true)).toThrow(/<\/head>/);
    expect(pageHtml('<body>sem head</body>', false)).toBe('<body>sem head</body>');
  });

  it('caches hashed assets for a year', async () => {
    const response = await ctx.app.inject('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(SCRIPT);
  });

  it('caches other public files briefly', async () => {
    const response = await ctx.app.inject('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('compresses text files', async () => {
    const response = await ctx.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it.each([
    '/produtos',
    '/categorias?categoria=orelha',
    '/minha-conta',
    '/admin/pedidos/7',
    '/Produtos/',
  ])('answers the app for the page address %s (history fallback)', async (url) => {
    const response = await ctx.app.inject({ url, headers: page });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<script type="module" src="/assets/index-abc123.js">');
  });

  it.each([
    '/pagina-que-nao-existe',
    '/produto/12',
    '/produto/abc',
    '/admin/nada',
    '/produtos/x/y',
  ])('answers the app with a real 404 for %s, an address it does not have', async (url) => {
    for (const accept of [page.accept, '*/*', 'application/json']) {
      const response = await ctx.app.inject({ url, headers: { accept } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('sends the security headers with a CSP that allows only its own scripts', async () => {
    const response = await ctx.app.inject({ url: '/produtos', headers: page });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a JSON 404 for a missing file asked by a script', async () => {
    const response = await ctx.app.inject('/assets/missing-123.js');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Arquivo não encontrado.' });
  });

  it('never answers index.html for an API address', async () => {
    const response = await ctx.app.inject({ url: '/api/nada', headers: page });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Endereço da API não encontrado.' });
  });

  it('does not fall back for other methods', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/produtos', headers: page });
    expect(response.statusCode).toBe(404);
  });
});

describe('without a web build', () => {
  it('still runs the API and answers page addresses with a JSON 404', async () => {
    const apiOnly = await createTestContext();
    try {
      expect((await apiOnly.app.inject('/api/health')).statusCode).toBe(200);
      const response = await apiOnly.app.inject({ url: '/produtos', headers: page });
      expect(response.statusCode).toBe(404);
    } finally {
      await apiOnly.close();
    }
  });
});

describe('API documentation', () => {
  it('publishes the OpenAPI description at /api/docs/json', async () => {
    const response = await ctx.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/products',
        '/api/products/{id}',
        '/api/categories/{slug}/subcategories',
        '/api/contact',
        '/api/health',
      ]),
    );
  });

  it('serves the Swagger UI at /api/docs', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/', headers: page });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});
