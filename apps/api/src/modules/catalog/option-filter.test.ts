import type { ProductListResponse } from '@lumina/shared/catalog/product';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

/** GET /api/products?opcao=Nome:valor and the list's option_facets. */
let ctx: TestContext;

const diameter = (values: string[]) => ({ name: 'Diâmetro', values });
const colour = (values: string[]) => ({ name: 'Cor', values });

beforeAll(async () => {
  ctx = await createTestContext();
  await insertProducts(ctx.database.db, [
    createProduct({
      name: 'Argola A',
      sku: 'OPT-A',
      options: [diameter(['6 mm', '8 mm']), colour(['Prata', 'Dourado'])],
      variants: [
        { sku: 'OPT-A-6P', option_values: { Diâmetro: '6 mm', Cor: 'Prata' }, stock_quantity: 2 },
        // Sold out: still listed and counted.
        { sku: 'OPT-A-8D', option_values: { Diâmetro: '8 mm', Cor: 'Dourado' }, stock_quantity: 0 },
      ],
    }),
    createProduct({
      name: 'Argola B',
      sku: 'OPT-B',
      options: [diameter(['8 mm', '10 mm']), colour(['Prata'])],
      variants: [
        { sku: 'OPT-B-8P', option_values: { Diâmetro: '8 mm', Cor: 'Prata' }, stock_quantity: 1 },
        { sku: 'OPT-B-10P', option_values: { Diâmetro: '10 mm', Cor: 'Prata' }, stock_quantity: 1 },
      ],
    }),
    createProduct({
      name: 'Argola C',
      sku: 'OPT-C',
      options: [diameter(['8 mm', '12 mm'])],
      variants: [
        { sku: 'OPT-C-8', option_values: { Diâmetro: '8 mm' }, stock_quantity: 3 },
        // An inactive variant neither matches nor counts.
        { sku: 'OPT-C-12', option_values: { Diâmetro: '12 mm' }, stock_quantity: 3, active: false },
      ],
    }),
    createProduct({
      name: 'Labret D',
      sku: 'OPT-D',
      category: 'boca',
      options: [diameter(['6 mm'])],
      variants: [{ sku: 'OPT-D-6', option_values: { Diâmetro: '6 mm' }, stock_quantity: 1 }],
    }),
    createProduct({ name: 'Argola Sem Opções', sku: 'OPT-E' }),
    createProduct({
      name: 'Argola Oculta',
      sku: 'OPT-F',
      display_status: 'hidden',
      options: [diameter(['14 mm'])],
      variants: [{ sku: 'OPT-F-14', option_values: { Diâmetro: '14 mm' }, stock_quantity: 1 }],
    }),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

const opcao = (...entries: string[]) =>
  entries.map((entry) => `opcao=${encodeURIComponent(entry)}`).join('&');

async function list(query: string): Promise<ProductListResponse> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductListResponse>();
}

const names = (body: ProductListResponse) => body.products.map((p) => p.name);

describe('GET /api/products?opcao=Nome:valor', () => {
  it('lists products with a live active variant of that value, sold out or not', async () => {
    expect(names(await list(opcao('Diâmetro:8 mm')))).toEqual(['Argola A', 'Argola B', 'Argola C']);
    expect(names(await list(opcao('Diâmetro:12 mm')))).toEqual([]);
    expect(names(await list(opcao('Diâmetro:14 mm')))).toEqual([]);
  });

  it('ORs the values of one option and ANDs different options on the same variant', async () => {
    expect(names(await list(opcao('Diâmetro:10 mm', 'Diâmetro:6 mm')))).toEqual([
      'Argola A',
      'Argola B',
      'Labret D',
    ]);
    // Argola A has 8 mm (Dourado) and Prata (6 mm) but no 8 mm Prata piece.
    expect(names(await list(opcao('Diâmetro:8 mm', 'Cor:Prata')))).toEqual(['Argola B']);
    expect(names(await list(`category=boca&${opcao('Diâmetro:6 mm')}`))).toEqual(['Labret D']);
  });

  it('leaves retired variants out', async () => {
    await ctx.database.db.execute(
      sql`update product_variants set retired_at = now() where sku = 'OPT-B-10P'`,
    );
    try {
      expect(names(await list(opcao('Diâmetro:10 mm')))).toEqual([]);
    } finally {
      await ctx.database.db.execute(
        sql`update product_variants set retired_at = null where sku = 'OPT-B-10P'`,
      );
    }
  });
});

describe('option_facets', () => {
  it('counts products per value over the whole listing, in the options order', async () => {
    const body = await list('category=orelha&per_page=1');
    expect(body.products).toHaveLength(1);
    expect(body.option_facets).toEqual([
      {
        name: 'Diâmetro',
        values: [
          { value: '6 mm', count: 1 },
          { value: '8 mm', count: 3 },
          { value: '10 mm', count: 1 },
        ],
      },
      {
        name: 'Cor',
        values: [
          { value: 'Prata', count: 2 },
          { value: 'Dourado', count: 1 },
        ],
      },
    ]);
  });

  it("ignores an option's own choice but applies the other options'", async () => {
    const body = await list(`category=orelha&${opcao('Cor:Prata')}`);
    expect(names(body)).toEqual(['Argola A', 'Argola B']);
    expect(body.option_facets).toEqual([
      {
        name: 'Diâmetro',
        values: [
          { value: '6 mm', count: 1 },
          { value: '8 mm', count: 1 },
          { value: '10 mm', count: 1 },
        ],
      },
      {
        name: 'Cor',
        values: [
          { value: 'Prata', count: 2 },
          { value: 'Dourado', count: 1 },
        ],
      },
    ]);
  });

  it('is empty for a listing without options', async () => {
    expect((await list('search=sem%20op')).option_facets).toEqual([]);
  });

  it('answers the same list whatever the order and repeats of the parameters', async () => {
    const first = await list(opcao('Diâmetro:8 mm', 'Cor:Prata'));
    const swapped = await list(opcao('Cor:Prata', ' Diâmetro : 8 mm', 'Cor:Prata'));
    expect(swapped).toEqual(first);
  });
});

describe('the list cache', () => {
  it('keeps each option filter apart', async () => {
    const cached = await createTestContext({ catalogCacheTtlMs: 60_000 });
    try {
      await insertProducts(cached.database.db, [
        createProduct({
          name: 'Cacheada',
          sku: 'CACHE-1',
          options: [diameter(['8 mm', '10 mm'])],
          variants: [{ sku: 'CACHE-1-8', option_values: { Diâmetro: '8 mm' }, stock_quantity: 1 }],
        }),
      ]);
      const get = async (query: string) =>
        (
          await cached.app.inject({ method: 'GET', url: `/api/products?${query}` })
        ).json<ProductListResponse>();
      expect((await get('')).total).toBe(1);
      expect((await get(opcao('Diâmetro:10 mm'))).total).toBe(0);
      expect((await get(opcao('Diâmetro:8 mm'))).total).toBe(1);
    } finally {
      await cached.close();
    }
  });
});
