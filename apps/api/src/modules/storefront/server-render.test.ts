import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

/**
 * The API's side of server rendering: it finds the build's renderer (DIST/ssr), hands
 * it the catalogue, puts the HTML in the root and the queries in a JSON script. The renderer here
 * is a stand-in module that echoes what it was given; the real one (apps/web/src/entry-server.tsx)
 * has its own tests and the browser tests hydrate its pages.
 */
const INDEX_HTML = `<!doctype html><html lang="pt-BR"><head><title>Loja</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head><body><div id="root"></div></body></html>`;
const STYLESHEET = 'body{margin:0}.rendered{color:red}.admin-only{color:blue}';

const RENDERER = `
export async function renderPage(url, { data, sandbox }) {
  const path = new URL(url, 'http://x').pathname;
  if (new URL(url, 'http://x').searchParams.get('search') === 'falha') throw new Error('render failed');
  const id = Number(path.split('/')[2]);
  const found = Number.isInteger(id) ? await data.product(id) : undefined;
  const list = await data.products({ per_page: 1, category: null, search: '' });
  return {
    html: '<main class="rendered">rendered ' + path + (found ? ' ' + found.product.name : '') + (sandbox ? ' sandbox' : '') + '</main>',
    state: [{ queryKey: ['products', 'list', { per_page: 1 }], data: list }],
  };
}
`;

let ctx: TestContext;
let dist: string;
let productId: number;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lumina-ssr-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'index-abc.css'), STYLESHEET);
  mkdirSync(join(dist, 'ssr'));
  writeFileSync(join(dist, 'ssr', 'entry-server.js'), RENDERER);
  ctx = await createTestContext({ env: { WEB_DIST_DIR: dist } });
  [productId] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola "</script><script>alert(1)</script>' }),
  ])) as [number];
});

afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ url, headers: { accept: '*/*' } });

describe('server-rendered storefront pages', () => {
  it('put the rendered content in the root and the queries in a JSON script', async () => {
    const response = await get(`/produto/${productId}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    // The renderer got the product from the catalogue and the shop's sandbox flag.
    expect(html).toContain(
      `<div id="root"><main class="rendered">rendered /produto/${productId} Argola "</script><script>alert(1)</script> sandbox</main></div>`,
    );
    const state = /<script type="application\/json" id="lumina-state">([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
    expect(state).toBeDefined();
    // The product's name cannot close the script: '<' travels as \\u003c.
    expect(state).not.toContain('</script>');
    const queries = JSON.parse(state ?? '[]') as { data: { products: { name: string }[] } }[];
    expect(queries[0]?.data.products[0]?.name).toBe('Argola "</script><script>alert(1)</script>');
  });

  it('render the not-found page too, with its 404, one page for every unknown address', async () => {
    const response = await get('/pagina-que-nao-existe');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<main class="rendered">rendered /pagina-nao-encontrada');
  });

  it('carry the rules of the stylesheet their HTML uses, and load the whole stylesheet later', async () => {
    const html = (await get('/produtos')).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style>body{margin:0}.rendered{color:red}</style>');
    expect(head).not.toContain('rel="stylesheet"');
    expect(html).toMatch(
      /<script data-entry="\/assets\/index-abc\.js"[^>]* data-style="\/assets\/index-abc\.css">/,
    );
  });

  it('leave account, checkout and admin pages to the browser', async () => {
    for (const url of ['/minha-conta', '/checkout', '/admin/pedidos']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain('lumina-state');
      // Drawn by the browser, with the whole stylesheet from the head.
      expect(response.body, url).toContain(
        '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
      );
      expect(response.body, url).not.toContain('<style>');
    }
  });

  it('fall back to the browser drawing the page when the renderer fails', async () => {
    const response = await get('/produtos?search=falha');
    // Still its status and head, and the app, drawn by the browser.
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Busca: falha | Lumina Piercings</title>');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('never serve the renderer itself', async () => {
    const response = await get('/ssr/entry-server.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('renderPage');
  });
});
