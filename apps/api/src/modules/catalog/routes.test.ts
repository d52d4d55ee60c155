import { gunzipSync } from 'node:zlib';
import type { ProductDto, ProductListResponse } from '@lumina/shared/catalog/product';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2025-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

let ctx: TestContext;
const ids: Record<string, number> = {};

const fixture = {
  clicker: createProduct({
    name: 'Argola Clicker Aço',
    description: '<p>Piercing de orelha em aço cirúrgico.</p><script>alert(1)</script>',
    sku: 'ARG-CLK-01',
    price_cents: 4990,
    created_at: daysAgo(10),
  }),
  segment: createProduct({
    name: 'Argola Segmentada Titânio',
    description: '<p>Titânio <strong>ASTM F136</strong>.</p>',
    sku: 'ARG-SEG-02',
    price_cents: 8990,
    pix_price_cents: 7990,
    sale_price_cents: 8490,
    display_status: 'featured',
    created_at: daysAgo(5),
  }),
  labret: createProduct({
    name: 'Labret Cristal',
    description: '<p>Labret com cristal para lábio.</p>',
    category: 'boca',
    subcategory: 'Labret',
    sku: 'LBR-CRISTAL',
    price_cents: 2990,
    created_at: daysAgo(1),
  }),
  nostril: createProduct({
    name: 'Nostril Zircônia',
    description: '<p>Nostril com zircônia.</p>',
    category: 'nariz',
    subcategory: 'Nostril',
    sku: 'NOS-ZIR',
    price_cents: 3990,
    display_status: 'featured',
    stock_quantity: 0,
    created_at: daysAgo(3),
  }),
  agata: createProduct({
    name: 'Ágata Umbigo',
    description: '<p>Piercing de umbigo com pedra ágata. Desconto de 100% garantido_</p>',
    category: 'umbigo',
    subcategory: 'Banana',
    sku: 'UMB-AGATA',
    price_cents: 5990,
    created_at: daysAgo(20),
  }),
  inactive: createProduct({
    name: 'Argola Inativa',
    sku: 'ARG-INATIVA',
    active: false,
    created_at: daysAgo(2),
  }),
  hidden: createProduct({
    name: 'Argola Oculta',
    sku: 'ARG-OCULTA',
    subcategory: 'Segredos',
    display_status: 'hidden',
    created_at: daysAgo(2),
  }),
};

beforeAll(async () => {
  ctx = await createTestContext({ now: () => now });
  const inserted = await insertProducts(ctx.database.db, Object.values(fixture), now);
  Object.keys(fixture).forEach((key, index) => {
    ids[key] = inserted[index]!;
  });
});

afterAll(async () => {
  await ctx?.close();
});

async function list(query = ''): Promise<ProductListResponse> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductListResponse>();
}

const names = (body: ProductListResponse) => body.products.map((p) => p.name);

describe('GET /api/products', () => {
  it('lists active visible and featured products, featured first, then by name', async () => {
    const body = await list();
    expect(names(body)).toEqual([
      'Argola Segmentada Titânio',
      'Nostril Zircônia',
      'Ágata Umbigo',
      'Argola Clicker Aço',
      'Labret Cristal',
    ]);
    expect(body).toMatchObject({ total: 5, page: 1, per_page: 100, total_pages: 1 });
  });

  it('tells where the whole catalogue stands with Bling (sync_stats)', async () => {
    expect((await list()).sync_stats).toEqual({ synced: 0, local_only: 7, pending: 0 });
    await ctx.database.db.execute(
      sql`insert into bling_product_links (product_id, sync_status) select id, case sku when 'NOS-ZIR' then 'synced' when 'ARG-INATIVA' then 'failed' when 'LBR-CRISTAL' then 'pending' end from products where sku in ('NOS-ZIR', 'ARG-INATIVA', 'LBR-CRISTAL')`,
    );
    // Every product counts, listed or not; a failed push waits to be sent again.
    expect((await list('?category=boca')).sync_stats).toEqual({
      synced: 1,
      local_only: 4,
      pending: 2,
    });
    await ctx.database.db.execute(sql`delete from bling_product_links`);
  });

  it('answers prices in reais and in cents, and stock status derived from stock', async () => {
    const body = await list();
    const segment = body.products.find((p) => p.sku === 'ARG-SEG-02')!;
    expect(segment).toMatchObject({
      price: 89.9,
      price_cents: 8990,
      preco_pix: 79.9,
      pix_price_cents: 7990,
      sale_price: 84.9,
      sale_price_cents: 8490,
      stock: 10,
      stock_quantity: 10,
      stock_status: 'in_stock',
      weight_grams: 10,
      length_cm: 16,
      width_cm: 11,
      height_cm: 2,
      last_sync: null,
    } satisfies Partial<ProductDto>);
    const nostril = body.products.find((p) => p.sku === 'NOS-ZIR')!;
    expect(nostril).toMatchObject({ stock: 0, stock_status: 'out_of_stock' });
  });

  it('stores descriptions sanitised', async () => {
    const body = await list('?search=ARG-CLK-01');
    expect(body.products[0]?.description).toBe('<p>Piercing de orelha em aço cirúrgico.</p>');
  });

  it('paginates with the total over every page', async () => {
    const body = await list('?per_page=2&page=2');
    expect(names(body)).toEqual(['Ágata Umbigo', 'Argola Clicker Aço']);
    expect(body).toMatchObject({ total: 5, page: 2, per_page: 2, total_pages: 3 });
    const past = await list('?per_page=2&page=9');
    expect(past).toMatchObject({ products: [], total: 5, page: 9, total_pages: 3 });
  });

  it('filters by category, case-insensitively; an unknown category lists nothing', async () => {
    expect(names(await list('?category=ORELHA'))).toEqual([
      'Argola Segmentada Titânio',
      'Argola Clicker Aço',
    ]);
    expect(await list('?category=pulso')).toMatchObject({ products: [], total: 0 });
  });

  it.each([
    ['argola', ['Argola Segmentada Titânio', 'Argola Clicker Aço']],
    ['ARGOLA', ['Argola Segmentada Titânio', 'Argola Clicker Aço']],
    ['titanio', ['Argola Segmentada Titânio']],
    ['TITÂNIO', ['Argola Segmentada Titânio']],
    ['zirconia', ['Nostril Zircônia']],
    ['agata', ['Ágata Umbigo']],
    ['piercing de orelha', ['Argola Clicker Aço']],
    ['  cirurgico   aco ', ['Argola Clicker Aço']],
    ['lbr-cristal', ['Labret Cristal']],
    ['astm f136', ['Argola Segmentada Titânio']],
    ['labio', ['Labret Cristal']],
    ['100%', ['Ágata Umbigo']],
    ['garantido_', ['Ágata Umbigo']],
    ['oculta', []],
    ['inativa', []],
  ])('searches %j accent- and case-insensitively', async (search, expected) => {
    const body = await list(`?search=${encodeURIComponent(search)}`);
    expect(names(body)).toEqual(expected);
  });

  it('takes LIKE wildcards literally', async () => {
    expect(await list('?search=%25')).toMatchObject({ total: 1 });
    expect(await list('?search=_')).toMatchObject({ total: 1 });
    expect(await list('?search=a_g')).toMatchObject({ total: 0 });
  });

  it('sorts strictly by displayed price (PIX price when set): featured first is for the default order only', async () => {
    expect(names(await list('?sort=price'))).toEqual([
      'Labret Cristal',
      'Nostril Zircônia',
      'Argola Clicker Aço',
      'Ágata Umbigo',
      'Argola Segmentada Titânio',
    ]);
  });

  it('sorts strictly by newest', async () => {
    expect(names(await list('?sort=newest'))).toEqual([
      'Labret Cristal',
      'Nostril Zircônia',
      'Argola Segmentada Titânio',
      'Argola Clicker Aço',
      'Ágata Umbigo',
    ]);
  });

  it('keeps the order across pages: every product once, in the order of one big page', async () => {
    for (const sort of ['name', 'price', 'newest']) {
      const whole = names(await list(`?sort=${sort}`));
      const paged: string[] = [];
      for (let page = 1; page <= 3; page += 1) {
        paged.push(...names(await list(`?sort=${sort}&per_page=2&page=${page}`)));
      }
      expect(paged, sort).toEqual(whole);
    }
  });

  it('filters by display_status', async () => {
    expect(names(await list('?display_status=featured'))).toEqual([
      'Argola Segmentada Titânio',
      'Nostril Zircônia',
    ]);
    expect(await list('?display_status=visible')).toMatchObject({ total: 3 });
  });

  it('treats empty parameters as absent', async () => {
    expect(await list('?category=&search=&sort=&per_page=&page=&display_status=')).toMatchObject({
      total: 5,
      per_page: 100,
      page: 1,
    });
  });
});

describe('GET /api/products/{id}', () => {
  it('answers one product', async () => {
    const response = await ctx.app.inject(`/api/products/${ids.labret}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      product: { id: ids.labret, name: 'Labret Cristal', category: 'boca', price: 29.9 },
    });
  });

  it.each([['hidden'], ['unknown']])('answers 404 for a %s product', async (which) => {
    const id = which === 'hidden' ? ids.hidden : 999_999;
    const response = await ctx.app.inject(`/api/products/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Produto não encontrado' });
  });
});

describe('GET /api/products/{id} of an inactive product', () => {
  // Its own app on the real clock: the access tokens signed below must not be expired.
  let live: TestContext;
  let inactiveId: number;
  beforeAll(async () => {
    live = await createTestContext();
    [inactiveId] = (await insertProducts(live.database.db, [
      createProduct({ name: 'Argola Aposentada', sku: 'ARG-APOSENTADA', active: false }),
    ])) as [number];
  });
  afterAll(async () => {
    await live?.close();
  });

  const read = (headers: Record<string, string> = {}) =>
    live.app.inject({ url: `/api/products/${inactiveId}`, headers });

  it('answers 404 to shoppers, signed in or not', async () => {
    const customer = await createUser(live.database);
    const { access_token: accessToken } = await signIn(live.app, customer);
    for (const response of [await read(), await read(bearerHeader(accessToken))]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Produto não encontrado' });
    }
  });

  it('answers it to an administrator, by the role in the database', async () => {
    const admin = await createUser(live.database, { role: 'admin' });
    const response = await read(bearerHeader((await signIn(live.app, admin)).access_token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ product: { id: inactiveId, active: false } });
    expect(response.headers['cache-control']).toBe('private, no-store');

    // A token that says admin for an account that is not one is not believed.
    const customer = await createUser(live.database);
    const forged = await signIn(live.app, { id: customer.id, role: 'admin' });
    expect((await read(bearerHeader(forged.access_token))).statusCode).toBe(404);
  });

  it('answers it to the catalogue role and not to an operator, who only packs orders', async () => {
    const status = async (staffRole: 'catalogue' | 'operator') => {
      const staff = await createUser(live.database, { role: 'admin', staffRole });
      return (await read(bearerHeader((await signIn(live.app, staff)).access_token))).statusCode;
    };
    expect(await status('catalogue')).toBe(200);
    expect(await status('operator')).toBe(404);
  });
});

describe('GET /api/categories/{slug}/subcategories', () => {
  it('counts listed products per subcategory', async () => {
    await insertProducts(ctx.database.db, [
      createProduct({ subcategory: 'Tragus', sku: 'SUB-TRAGUS', category: 'orelha' }),
    ]);
    const response = await ctx.app.inject('/api/categories/Orelha/subcategories');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      category: 'orelha',
      subcategories: [
        { name: 'Argolas', product_count: 2 },
        { name: 'Tragus', product_count: 1 },
      ],
    });
    await ctx.database.db.execute(sql`DELETE FROM products WHERE sku = 'SUB-TRAGUS'`);
  });

  it('answers 404 for an unknown category', async () => {
    const response = await ctx.app.inject('/api/categories/pulso/subcategories');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Categoria não encontrada' });
  });
});

describe('HTTP caching of catalogue reads', () => {
  it('sends an ETag and Cache-Control, and 304 when the client has the answer', async () => {
    const first = await ctx.app.inject('/api/products?category=boca');
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await ctx.app.inject({
      url: '/api/products?category=boca',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const changed = await ctx.app.inject({
      url: '/api/products?category=nariz',
      headers: { 'if-none-match': String(etag) },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('compresses for clients that accept it, with the same ETag', async () => {
    const plain = await ctx.app.inject('/api/products');
    const gzip = await ctx.app.inject({
      url: '/api/products',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe(plain.headers.etag);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('sends a 304 for product details too', async () => {
    const first = await ctx.app.inject(`/api/products/${ids.clicker}`);
    const again = await ctx.app.inject({
      url: `/api/products/${ids.clicker}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('stock status', () => {
  it("follows the variants' stock on every write and refuses negative stock", async () => {
    await ctx.database.db.execute(
      sql`UPDATE product_variants SET stock_quantity = 0 WHERE product_id = ${ids.labret}`,
    );
    const out = await ctx.app.inject(`/api/products/${ids.labret}`);
    expect(out.json()).toMatchObject({ product: { stock: 0, stock_status: 'out_of_stock' } });

    await ctx.database.db.execute(
      sql`UPDATE product_variants SET stock_quantity = 3 WHERE product_id = ${ids.labret}`,
    );
    const back = await ctx.app.inject(`/api/products/${ids.labret}`);
    expect(back.json()).toMatchObject({ product: { stock: 3, stock_status: 'in_stock' } });

    await expect(
      ctx.database.db.execute(
        sql`UPDATE product_variants SET stock_quantity = -1 WHERE product_id = ${ids.labret}`,
      ),
    ).rejects.toThrow();
    await expect(
      ctx.database.db.execute(
        sql`UPDATE products SET stock_status = 'in_stock' WHERE id = ${ids.nostril}`,
      ),
    ).rejects.toThrow();
    await ctx.database.db.execute(
      sql`UPDATE product_variants SET stock_quantity = 10 WHERE product_id = ${ids.labret}`,
    );
  });
});
