// The catalogue feeds as Google and Meta fetch them: every active variant of every listed product,
// valid against each service's specification, hidden, inactive and switched-off pieces never
// listed, and the rendered feed dropped with any catalogue or settings change.
import { FEED_PATHS, GOOGLE_PRODUCT_CATEGORY } from '@lumina/shared/feeds/feeds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCoupon, promotionRulesFrom } from '../../test/coupon-builder.ts';
import {
  type GoogleItem,
  validateGoogleFeed,
  validateMetaCsv,
} from '../../test/feed-validators.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createSettingsBody } from '../../test/settings-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

const APP_URL = 'https://loja.example.com.br';
// A valid EAN-13 (check digit 5) and the same digits with a wrong check digit.
const EAN = '7891234567895';
const BAD_EAN = '7891234567891';

let ctx: TestContext;
let adminHeaders: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  // The shop's caches on, as in production: the feed must be dropped by changes, not by time.
  ctx = await createTestContext({
    catalogCacheTtlMs: 600_000,
    env: { APP_URL, PAYMENTS_SANDBOX: 'true' },
    promotionRules: promotionRulesFrom(() => ctx.database.db),
  });
  const admin = await createUser(ctx.database, { role: 'admin' });
  adminHeaders = bearerHeader((await signIn(ctx.app, admin)).access_token);
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: adminHeaders,
    payload: { settings: createSettingsBody({ free_shipping_threshold: 299 }) },
  });
  const [simple, sized, hidden, inactive, hostile, featured, longSku, nose] = await insertProducts(
    ctx.database.db,
    [
      createProduct({
        name: 'Argola Clássica',
        sku: 'ARG-CLASSICA',
        price_cents: 4990,
        images: ['/uploads/products/aaaaaaaaaaaaaaaaaaaaaaaa.webp', '/product-images/lado.svg'],
        variants: [{ sku: 'ARG-CLASSICA', stock_quantity: 10, gtin: EAN }],
      }),
      createProduct({
        name: 'Segmento Helix',
        sku: 'SEG-HELIX',
        price_cents: 5990,
        options: [
          { name: 'Diâmetro', values: ['6 mm', '8 mm'] },
          { name: 'Cor', values: ['Prata', 'Dourado'] },
        ],
        variants: [
          {
            sku: 'SEG-6-PRATA',
            option_values: { Diâmetro: '6 mm', Cor: 'Prata' },
            stock_quantity: 0,
            gtin: BAD_EAN,
          },
          {
            sku: 'SEG-8-PRATA',
            option_values: { Diâmetro: '8 mm', Cor: 'Prata' },
            stock_quantity: 3,
            price_cents: 6990,
            image: '/product-images/seg-8.svg',
          },
          {
            sku: 'SEG-8-DOURADO',
            option_values: { Diâmetro: '8 mm', Cor: 'Dourado' },
            stock_quantity: 5,
            active: false,
          },
        ],
        stock_quantity: 3,
      }),
      createProduct({ name: 'Rascunho Escondido', sku: 'OCULTO', display_status: 'hidden' }),
      createProduct({ name: 'Peça Retirada', sku: 'INATIVO', active: false }),
      createProduct({
        name: 'Labret <b>"Lua" & \'Sol\'\u0007, 2 em 1',
        sku: 'LAB-LUA',
        price_cents: 35000,
        description: '<p>Aço &amp; titânio,</p><ul><li>"leve"</li><li>hipoalergênico</li></ul>',
        category: 'boca',
        subcategory: 'Labrets',
      }),
      createProduct({ name: 'Piercing Destaque', sku: 'DESTAQUE', display_status: 'featured' }),
      createProduct({ name: 'Código Comprido', sku: `LONGO-${'X'.repeat(54)}` }),
      createProduct({
        name: 'Nostril Zircônia',
        sku: 'NOS-ZIR',
        price_cents: 10000,
        category: 'nariz',
      }),
    ],
  );
  Object.assign(ids, { simple, sized, hidden, inactive, hostile, featured, longSku, nose });
  // 15 % off the nose category until the end of the month; a promotion with a minimum one unit
  // does not reach gives no sale.
  await insertCoupon(ctx.database.db, {
    code: null,
    name: 'Nariz 15%',
    value: 1500,
    categories: ['nariz'],
    startsAt: new Date('2026-01-01T03:00:00Z'),
    endsAt: new Date('2099-02-01T03:00:00Z'),
  });
  await insertCoupon(ctx.database.db, {
    code: null,
    name: 'Acima de R$ 500',
    value: 5000,
    minOrderCents: 50_000,
  });
});

afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

async function googleItems(): Promise<Map<string, GoogleItem>> {
  const response = await get(FEED_PATHS.google);
  expect(response.statusCode).toBe(200);
  return new Map(validateGoogleFeed(response.body).map((item) => [item['g:id'], item]));
}

describe('GET /feeds/google.xml', () => {
  it('is RSS 2.0 valid against Google’s specification, one item per active variant of the listed products', async () => {
    const response = await get(FEED_PATHS.google);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=900');
    expect(response.headers.etag).toMatch(/^W\/"/);
    const items = validateGoogleFeed(response.body);
    // A SKU longer than Google's 50 characters stands as the variant's number.
    const long = items.find((item) => item['g:title'] === 'Código Comprido');
    expect(long?.['g:id']).toMatch(/^variante-\d+$/);
    expect(items.map((item) => item['g:id']).sort()).toEqual(
      [
        'ARG-CLASSICA',
        'SEG-6-PRATA',
        'SEG-8-PRATA',
        'LAB-LUA',
        'DESTAQUE',
        long?.['g:id'],
        'NOS-ZIR',
      ].sort(),
    );
  });

  it('never lists a hidden or inactive product, nor a variant switched off', async () => {
    const body = (await get(FEED_PATHS.google)).body;
    expect(body).not.toContain('OCULTO');
    expect(body).not.toContain('Rascunho Escondido');
    expect(body).not.toContain('INATIVO');
    expect(body).not.toContain('Peça Retirada');
    expect(body).not.toContain('SEG-8-DOURADO');
  });

  it('describes a single piece: its page, price, GTIN, pictures, category and no free freight below the threshold', async () => {
    const item = (await googleItems()).get('ARG-CLASSICA');
    expect(item).toEqual({
      'g:id': 'ARG-CLASSICA',
      'g:title': 'Argola Clássica',
      'g:description': 'Argola de aço cirúrgico 316L.',
      'g:link': `${APP_URL}/produto/${ids.simple}`,
      'g:image_link': `${APP_URL}/uploads/products/aaaaaaaaaaaaaaaaaaaaaaaa.webp`,
      'g:additional_image_link': [`${APP_URL}/product-images/lado.svg`],
      'g:availability': 'in_stock',
      'g:price': '49.90 BRL',
      'g:condition': 'new',
      'g:brand': 'Ateliê Aurora',
      'g:gtin': EAN,
      'g:google_product_category': String(GOOGLE_PRODUCT_CATEGORY.id),
      'g:product_type': 'Orelha > Argolas',
    });
  });

  it('groups the variants of a product, each with its options, its own price, stock and picture', async () => {
    const items = await googleItems();
    const six = items.get('SEG-6-PRATA');
    const eight = items.get('SEG-8-PRATA');
    expect(six).toMatchObject({
      'g:item_group_id': 'SEG-HELIX',
      'g:title': 'Segmento Helix - 6 mm, Prata',
      'g:link': `${APP_URL}/produto/${ids.sized}?variante=SEG-6-PRATA`,
      'g:availability': 'out_of_stock',
      'g:price': '59.90 BRL',
      'g:size': '6 mm',
      'g:color': 'Prata',
      // A barcode whose check digit is wrong is no identifier at all.
      'g:identifier_exists': 'no',
    });
    expect(six?.['g:gtin']).toBeUndefined();
    expect(eight).toMatchObject({
      'g:item_group_id': 'SEG-HELIX',
      'g:availability': 'in_stock',
      'g:price': '69.90 BRL',
      'g:size': '8 mm',
      'g:image_link': `${APP_URL}/product-images/seg-8.svg`,
    });
  });

  it('escapes what would break the XML and drops the characters XML cannot carry', async () => {
    const body = (await get(FEED_PATHS.google)).body;
    expect(body).toContain(
      '<g:title>Labret &lt;b&gt;&quot;Lua&quot; &amp; &apos;Sol&apos;, 2 em 1</g:title>',
    );
    const item = (await googleItems()).get('LAB-LUA');
    expect(item?.['g:title']).toBe('Labret <b>"Lua" & \'Sol\', 2 em 1');
    // The description is plain text: the tags gone, the entities read.
    expect(item?.['g:description']).toBe('Aço & titânio, "leve" hipoalergênico');
  });

  it('states a free PAC for a piece at or above the free-shipping threshold, and nothing below it', async () => {
    const items = await googleItems();
    expect(items.get('LAB-LUA')?.['g:shipping']).toEqual([
      { 'g:country': 'BR', 'g:service': 'PAC', 'g:price': '0.00 BRL' },
    ]);
    expect(items.get('NOS-ZIR')?.['g:shipping']).toBeUndefined();
  });

  it('gives the sale of an automatic promotion with its dates, and none for a promotion one unit does not reach', async () => {
    const items = await googleItems();
    expect(items.get('NOS-ZIR')).toMatchObject({
      'g:price': '100.00 BRL',
      'g:sale_price': '85.00 BRL',
      'g:sale_price_effective_date': '2026-01-01T00:00-03:00/2099-02-01T00:00-03:00',
    });
    expect(items.get('ARG-CLASSICA')?.['g:sale_price']).toBeUndefined();
  });

  it('says where the returns policy is and how to reach the shop, in the channel', async () => {
    const body = (await get(FEED_PATHS.google)).body;
    expect(body).toContain('<title>Ateliê Aurora</title>');
    expect(body).toContain(`<link>${APP_URL}/</link>`);
    expect(body).toContain(
      `Trocas e devoluções: ${APP_URL}/trocas-e-devolucoes. Atendimento: sac@aurora.example, (31) 3333-4444.`,
    );
  });

  it('answers 304 to a fetch that already has this version, and gzip to one that asks', async () => {
    const first = await get(FEED_PATHS.google);
    const again = await get(FEED_PATHS.google, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    const zipped = await get(FEED_PATHS.google, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
  });
});

describe('GET /feeds/meta.csv', () => {
  it('has the column list and the same items, each field quoted as RFC 4180 says', async () => {
    const response = await get(FEED_PATHS.meta);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=900');
    const rows = validateMetaCsv(response.body);
    const google = [...(await googleItems()).keys()].sort();
    expect(rows.map((row) => row.id).sort()).toEqual(google);
    const hostile = rows.find((row) => row.id === 'LAB-LUA');
    expect(hostile).toMatchObject({
      title: 'Labret <b>"Lua" & \'Sol\', 2 em 1',
      availability: 'in stock',
      condition: 'new',
      price: '350.00 BRL',
      brand: 'Ateliê Aurora',
      google_product_category: GOOGLE_PRODUCT_CATEGORY.path,
      gtin: '',
    });
    expect(response.body).toContain('"Labret <b>""Lua"" & \'Sol\', 2 em 1"');
    expect(rows.find((row) => row.id === 'SEG-6-PRATA')).toMatchObject({
      availability: 'out of stock',
      item_group_id: 'SEG-HELIX',
      size: '6 mm',
      color: 'Prata',
    });
    expect(rows.find((row) => row.id === 'NOS-ZIR')).toMatchObject({
      sale_price: '85.00 BRL',
      sale_price_effective_date: '2026-01-01T00:00-03:00/2099-02-01T00:00-03:00',
    });
    for (const never of ['OCULTO', 'INATIVO', 'SEG-8-DOURADO']) {
      expect(response.body).not.toContain(never);
    }
  });
});

describe('the feeds follow the catalogue', () => {
  it('drop a deleted product and take a new trade name at once, though cached', async () => {
    expect((await googleItems()).has('DESTAQUE')).toBe(true);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${ids.featured}`,
      headers: adminHeaders,
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await googleItems()).has('DESTAQUE')).toBe(false);
    expect((await get(FEED_PATHS.meta)).body).not.toContain('DESTAQUE');

    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: adminHeaders,
      payload: {
        settings: createSettingsBody({
          trade_name: 'Aurora Piercings',
          free_shipping_threshold: 299,
        }),
      },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await googleItems()).get('ARG-CLASSICA')?.['g:brand']).toBe('Aurora Piercings');
  });
});

describe('GET /api/admin/feeds', () => {
  it('answers the absolute addresses to paste and the returns page, to administrators only', async () => {
    const anonymous = await get('/api/admin/feeds');
    expect(anonymous.statusCode).toBe(401);
    const response = await get('/api/admin/feeds', adminHeaders);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      feeds: {
        google_url: `${APP_URL}/feeds/google.xml`,
        meta_url: `${APP_URL}/feeds/meta.csv`,
        returns_policy_url: `${APP_URL}/trocas-e-devolucoes`,
        contact_email: 'sac@aurora.example',
        items: 6,
      },
    });
  });
});
