import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/products.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';
import { HOME_PREVIEW_IMAGE } from './preview-image.ts';

const APP_URL = 'https://loja.example.com';
const WEB_PUBLIC_DIR = fileURLToPath(new URL('../../../../web/public', import.meta.url));
/** The shape of the real build's index.html: title and description the server replaces. */
const INDEX_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <title>Lumina Piercings — joias para piercing</title>
    <meta
      name="description"
      content="Joias para piercing."
    />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

let ctx: TestContext;
let dist: string;
let admin: { authorization: string };
let ids: {
  plain: number;
  tricky: number;
  inactive: number;
  hidden: number;
  soldOut: number;
  grouped: number;
};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lumina-pages-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  // The catalogue's own cache lifetime: a change must still show in the next page at once.
  ctx = await createTestContext({
    catalogCacheTtlMs: 60_000,
    env: { WEB_DIST_DIR: dist, APP_URL, PIX_KEY: 'loja@example.com' },
  });
  const [plain, tricky, inactive, hidden, soldOut, grouped] = await insertProducts(
    ctx.database.db,
    [
      createProduct({
        name: 'Argola Clicker Titânio',
        sku: 'ARG-TI-8',
        price_cents: 9990,
        description: '<p>Argola <strong>clicker</strong> em titânio ASTM F136.</p>',
        images: [
          '/uploads/products/0123456789abcdef01234567.webp',
          'https://cdn.example.com/b.jpg',
        ],
        category: 'nariz',
      }),
      createProduct({ name: 'Piercing "</script><script>alert(1)</script> & <b>', sku: 'X"Y' }),
      createProduct({ name: 'Retirado', active: false }),
      createProduct({ name: 'Escondido', display_status: 'hidden' }),
      createProduct({ name: 'Esgotado - Tamanho: 8mm; Espessura: 1,2mm', stock_quantity: 0 }),
      createProduct({ name: 'Argola Segmentada', sku: 'ARG-SEG', price_cents: 10000 }),
    ],
  );
  ids = {
    plain: plain!,
    tricky: tricky!,
    inactive: inactive!,
    hidden: hidden!,
    soldOut: soldOut!,
    grouped: grouped!,
  };
  const user = await createUser(ctx.database, { role: 'admin' });
  admin = bearerHeader((await signIn(ctx.app, user)).access_token);
});

afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** A page as curl or a link-preview bot gets it: no Accept: text/html, no JavaScript. */
function fetchPage(url: string) {
  return ctx.app.inject({ url, headers: { accept: '*/*', 'user-agent': 'WhatsApp/2.23' } });
}

/** The application/ld+json blocks of a page, parsed. */
interface JsonLd {
  '@type'?: string;
  offers?: { availability?: string };
  [key: string]: unknown;
}

function jsonLd(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as JsonLd,
  );
}

function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html);
  return match?.[1];
}

describe('product pages', () => {
  it('carry the product in their head: title, description, canonical, Open Graph, JSON-LD', async () => {
    const response = await fetchPage(`/produto/${ids.plain}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Argola Clicker Titânio | Lumina Piercings</title>');
    // PIX price: 5% off R$ 99,90.
    expect(metaContent(html, 'description')).toBe(
      'Argola Clicker Titânio por R$ 94,91 no PIX. Argola clicker em titânio ASTM F136.',
    );
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/produto/${ids.plain}">`);
    // The main picture is asked for by the HTML, with the <img>'s own srcset and sizes.
    expect(html).toContain(
      '<link rel="preload" as="image" href="/uploads/products/0123456789abcdef01234567.webp" imagesrcset="/uploads/products/0123456789abcdef01234567-480.webp 480w, /uploads/products/0123456789abcdef01234567-800.webp 800w, /uploads/products/0123456789abcdef01234567.webp 1200w" imagesizes="(min-width: 1024px) 50vw, 100vw" fetchpriority="high">',
    );
    expect(metaContent(html, 'og:type')).toBe('product');
    expect(metaContent(html, 'og:title')).toBe('Argola Clicker Titânio — R$ 94,91 no PIX');
    // The preview picture is the photo's JPEG: WhatsApp shows no WebP.
    expect(metaContent(html, 'og:image')).toBe(
      `${APP_URL}/uploads/share/0123456789abcdef01234567.jpg`,
    );
    expect(metaContent(html, 'og:image:type')).toBe('image/jpeg');
    expect(metaContent(html, 'og:image:alt')).toBe('Argola Clicker Titânio');
    expect(metaContent(html, 'twitter:image')).toBe(metaContent(html, 'og:image'));
    expect(metaContent(html, 'product:price:amount')).toBe('94.91');
    expect(metaContent(html, 'product:price:currency')).toBe('BRL');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    // One description only: the shop's was replaced, not added to.
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);

    const [product, breadcrumbs] = jsonLd(html);
    // schema.org Product rich results: name, image, offers with price, currency, availability.
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Argola Clicker Titânio',
      sku: 'ARG-TI-8',
      image: [
        `${APP_URL}/uploads/products/0123456789abcdef01234567.webp`,
        'https://cdn.example.com/b.jpg',
      ],
      brand: { '@type': 'Brand', name: 'Lumina Piercings' },
      offers: {
        '@type': 'Offer',
        price: '94.91',
        priceCurrency: 'BRL',
        availability: 'https://schema.org/InStock',
        url: `${APP_URL}/produto/${ids.plain}`,
      },
    });
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Início', item: `${APP_URL}/` },
        { position: 2, name: 'Nariz', item: `${APP_URL}/categorias?categoria=nariz` },
        { position: 3, name: 'Argola Clicker Titânio', item: `${APP_URL}/produto/${ids.plain}` },
      ],
    });
  });

  it('come compressed to a browser that takes br', async () => {
    const response = await ctx.app.inject({
      url: `/produto/${ids.plain}`,
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain(
      '<title>Argola Clicker Titânio | Lumina Piercings</title>',
    );
  });

  it('say out of stock in the offer of a sold-out product', async () => {
    const html = (await fetchPage(`/produto/${ids.soldOut}`)).body;
    expect(jsonLd(html)[0]?.offers?.availability).toBe('https://schema.org/OutOfStock');
    expect(metaContent(html, 'description')).toMatch(
      /^Esgotado por R\$ 47,41 no PIX \(esgotado\)\./,
    );
    // The title is the name without its embedded specs, as the page's heading shows it.
    expect(html).toContain('<title>Esgotado | Lumina Piercings</title>');
  });

  it('escape every product field: a name with "</script> cannot break out', async () => {
    const response = await fetchPage(`/produto/${ids.tricky}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    // The only scripts are the app's and the two JSON-LD blocks.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      '<title>Piercing &quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt; | Lumina Piercings</title>',
    );
    const [product] = jsonLd(html);
    expect(product?.name).toBe('Piercing "</script><script>alert(1)</script> & <b>');
    expect(product?.sku).toBe('X"Y');
  });

  it.each([
    ['unknown', () => 999_999],
    ['inactive (retired)', () => ids.inactive],
    ['hidden', () => ids.hidden],
  ])('answer 404 with the not-found head for a product that is %s', async (_label, id) => {
    const response = await fetchPage(`/produto/${id()}`);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<title>Página não encontrada | Lumina Piercings</title>');
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('show a price change made in the panel in the next page, whatever the cache', async () => {
    const before = (await fetchPage(`/produto/${ids.soldOut}`)).body;
    expect(metaContent(before, 'product:price:amount')).toBe('47.41');
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${ids.soldOut}`,
      headers: admin,
      payload: {
        product: {
          name: 'Esgotado - Tamanho: 8mm; Espessura: 1,2mm',
          price: '100,00',
          category: 'orelha',
        },
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (await fetchPage(`/produto/${ids.soldOut}`)).body;
    expect(metaContent(after, 'product:price:amount')).toBe('95.00');
  });
});

describe('product pages of several variants', () => {
  // Needs the catalogue's variants (options and variants written by the panel, answered in the
  // product): it fails until that part of the server is in.
  it('describe the product as a ProductGroup and preload the picture of the variant linked', async () => {
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${ids.grouped}`,
      headers: admin,
      payload: {
        product: {
          name: 'Argola Segmentada',
          price: '100,00',
          category: 'orelha',
          options: [
            { name: 'Diâmetro', values: ['8 mm', '10 mm'] },
            { name: 'Cor', values: ['Prata', 'Dourado'] },
          ],
          variants: [
            {
              sku: 'SEG-8-P',
              option_values: { Diâmetro: '8 mm', Cor: 'Prata' },
              stock_quantity: 3,
              gtin: '7891234567895',
            },
            {
              sku: 'SEG-10-D',
              option_values: { Diâmetro: '10 mm', Cor: 'Dourado' },
              stock_quantity: 0,
              price: '120,00',
              image: '/uploads/products/0123456789abcdef01234568.webp',
            },
          ],
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const html = (await fetchPage(`/produto/${ids.grouped}?variante=SEG-10-D`)).body;
    // The page shows the linked variant's picture first; its address stays the product's.
    expect(html).toContain(
      '<link rel="preload" as="image" href="/uploads/products/0123456789abcdef01234568.webp"',
    );
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/produto/${ids.grouped}">`);
    // Its variants sell at 95,00 and 114,00 in PIX: the preview says from the cheapest.
    expect(html).toContain(
      '<meta property="og:title" content="Argola Segmentada — a partir de R$ 95,00 no PIX">',
    );
    const [group] = jsonLd(html);
    expect(group).toMatchObject({
      '@type': 'ProductGroup',
      productGroupID: 'ARG-SEG',
      variesBy: ['https://schema.org/size', 'https://schema.org/color'],
      hasVariant: [
        {
          '@type': 'Product',
          sku: 'SEG-8-P',
          name: 'Argola Segmentada - 8 mm, Prata',
          gtin: '7891234567895',
          size: '8 mm',
          color: 'Prata',
          offers: {
            '@type': 'Offer',
            url: `${APP_URL}/produto/${ids.grouped}?variante=SEG-8-P`,
            price: '95.00',
            priceCurrency: 'BRL',
            availability: 'https://schema.org/InStock',
          },
        },
        {
          sku: 'SEG-10-D',
          image: `${APP_URL}/uploads/products/0123456789abcdef01234568.webp`,
          offers: { price: '114.00', availability: 'https://schema.org/OutOfStock' },
        },
      ],
    });
    expect(group).not.toHaveProperty('offers');
  });
});

describe('other storefront pages', () => {
  it('give the home page Organization and WebSite data with a search action', async () => {
    const html = (await fetchPage('/')).body;
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/">`);
    // A phone preloads the part of the first banner it shows, a wider screen the whole banner.
    expect(html).toContain(
      '<link rel="preload" as="image" href="/banners/banner-1-phone.webp" media="(width &lt; 40rem)" fetchpriority="high">',
    );
    expect(html).toContain(
      '<link rel="preload" as="image" href="/banners/banner-1.webp" media="(width &gt;= 40rem)" fetchpriority="high">',
    );
    // That part is the 4:3 the phone's crop shows, cut from the banner at its own scale.
    const phone = await sharp(join(WEB_PUBLIC_DIR, 'banners/banner-1-phone.webp')).metadata();
    expect(phone).toMatchObject({ format: 'webp', width: 800, height: 600 });
    // Its preview picture is the first banner as a JPEG, committed at the size the tags say.
    expect(metaContent(html, 'og:image')).toBe(`${APP_URL}${HOME_PREVIEW_IMAGE.path}`);
    expect(metaContent(html, 'og:image:type')).toBe('image/jpeg');
    const preview = await sharp(join(WEB_PUBLIC_DIR, HOME_PREVIEW_IMAGE.path)).metadata();
    expect(preview).toMatchObject({ format: 'jpeg', width: 1200, height: 450 });
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('450');
    // Only PIX can be paid: the head promises no instalments (the description said '3x sem juros').
    expect(html).toContain('5% de desconto no PIX');
    expect(html).not.toMatch(/sem juros|parcel|\d+x de|até \d+x/i);
    const [organization, website] = jsonLd(html);
    expect(organization).toMatchObject({ '@type': 'Organization', name: 'Lumina Piercings' });
    // Google takes a raster logo of at least 112 px for the Organization, not an SVG.
    const logo = String(organization?.logo);
    expect(logo.startsWith(`${APP_URL}/`)).toBe(true);
    const logoFile = await sharp(join(WEB_PUBLIC_DIR, logo.slice(APP_URL.length))).metadata();
    expect(logoFile.format).toBe('png');
    expect(Math.min(logoFile.width ?? 0, logoFile.height ?? 0)).toBeGreaterThanOrEqual(112);
    expect(website).toMatchObject({
      '@type': 'WebSite',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${APP_URL}/produtos?search={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it.each(['/produtos', '/categorias', '/categorias?categoria=orelha'])(
    'give %s a JPEG link-preview picture with its size (WhatsApp shows one)',
    async (url) => {
      const html = (await fetchPage(url)).body;
      expect(metaContent(html, 'og:image')).toBe(`${APP_URL}${HOME_PREVIEW_IMAGE.path}`);
      expect(metaContent(html, 'og:image:type')).toBe('image/jpeg');
      expect(metaContent(html, 'og:image:width')).toBe(String(HOME_PREVIEW_IMAGE.width));
      expect(metaContent(html, 'og:image:height')).toBe(String(HOME_PREVIEW_IMAGE.height));
      expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    },
  );

  it('give a category page its title and breadcrumbs', async () => {
    const html = (await fetchPage('/categorias?categoria=Orelha')).body;
    expect(html).toContain('<title>Piercing de orelha | Lumina Piercings</title>');
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/categorias?categoria=orelha">`);
    expect(jsonLd(html)[0]).toMatchObject({ '@type': 'BreadcrumbList' });
  });

  it('keep private pages and search results out of the index', async () => {
    for (const url of ['/minha-conta', '/checkout', '/admin/pedidos', '/produtos?search=argola']) {
      const response = await fetchPage(url);
      expect(response.statusCode).toBe(200);
      expect(response.body, url).toContain('<meta name="robots" content="noindex">');
    }
  });

  it.each([
    '/produtos?search=%E0%A4%A',
    '/produtos?search[]=a&search[]=b',
    '/produtos?search=' + 'ab'.repeat(2000),
    '/categorias?categoria=%00',
    '/produto/1%2F2',
    '/produto/99999999999999999999',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/produtos?page=-1&sort=<script>',
  ])('render a page or a 404 for any query, never a 5xx (%#)', async (url) => {
    const response = await fetchPage(url);
    expect([200, 404]).toContain(response.statusCode);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).not.toContain('<script>alert');
  });
});

describe('crawlers', () => {
  it('list every listed product and category page in /sitemap.xml, with lastmod', async () => {
    const response = await fetchPage('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const xml = response.body;
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const [row] = await ctx.database.db
      .select({ updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.id, ids.plain));
    expect(xml).toContain(
      `<url><loc>${APP_URL}/produto/${ids.plain}</loc><lastmod>${row!.updatedAt.toISOString()}</lastmod></url>`,
    );
    expect(xml).toContain(`<loc>${APP_URL}/categorias?categoria=mamilo</loc>`);
    expect(xml).toContain(`<loc>${APP_URL}/</loc>`);
    for (const gone of [ids.inactive, ids.hidden]) {
      expect(xml).not.toContain(`/produto/${gone}<`);
    }
  });

  it('point robots.txt at the sitemap and keep the private pages and the API out', async () => {
    const response = await fetchPage('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    for (const path of [
      '/api/',
      '/admin',
      '/checkout',
      '/minha-conta',
      '/payment-pix',
      '/carrinho',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
    expect(lines).not.toContain('Disallow: /produtos');
  });
});
