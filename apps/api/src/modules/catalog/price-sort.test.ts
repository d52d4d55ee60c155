import type { ProductDto, ProductListResponse } from '@lumina/shared/catalog/product';
import { variantPrices } from '@lumina/shared/catalog/variant-prices';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

/**
 * GET /api/products?sort=price ('Menor preço') with products whose variants sell at their own
 * prices: each product is placed at the price its card shows, the cheapest of its active
 * variants' (PIX price when set), never at the product's own price when no variant sells at it.
 */
let ctx: TestContext;

const size = (values: string[]) => [{ name: 'Tamanho', values }];

beforeAll(async () => {
  ctx = await createTestContext();
  await insertProducts(ctx.database.db, [
    // Shown 'a partir de R$ 80,00', though the product itself says R$ 100,00.
    createProduct({
      name: 'Variantes 80 e 120',
      sku: 'PRC-A',
      price_cents: 10_000,
      options: size(['P', 'G']),
      variants: [
        { sku: 'PRC-A-P', option_values: { Tamanho: 'P' }, stock_quantity: 1, price_cents: 8_000 },
        { sku: 'PRC-A-G', option_values: { Tamanho: 'G' }, stock_quantity: 1, price_cents: 12_000 },
      ],
    }),
    // One variant without prices of its own: the product's price, as before variants.
    createProduct({ name: 'Uma variante 90', sku: 'PRC-B', price_cents: 9_000 }),
    // The product's PIX price holds for the variant that inherits the price; the other one,
    // priced on its own, does not inherit it: R$ 95,00.
    createProduct({
      name: 'PIX herdado 95',
      sku: 'PRC-C',
      price_cents: 10_000,
      pix_price_cents: 9_500,
      options: size(['P', 'G']),
      variants: [
        { sku: 'PRC-C-P', option_values: { Tamanho: 'P' }, stock_quantity: 1 },
        { sku: 'PRC-C-G', option_values: { Tamanho: 'G' }, stock_quantity: 1, price_cents: 11_000 },
      ],
    }),
    // The product's R$ 50,00 PIX price was set against its R$ 70,00, which no variant sells at:
    // the cheapest is the R$ 105,00 variant. The inactive R$ 20,00 one is not offered.
    createProduct({
      name: 'Sem a base 105',
      sku: 'PRC-D',
      price_cents: 7_000,
      pix_price_cents: 5_000,
      options: size(['P', 'M', 'G']),
      variants: [
        { sku: 'PRC-D-P', option_values: { Tamanho: 'P' }, stock_quantity: 1, price_cents: 10_500 },
        { sku: 'PRC-D-M', option_values: { Tamanho: 'M' }, stock_quantity: 1, price_cents: 13_000 },
        {
          sku: 'PRC-D-G',
          option_values: { Tamanho: 'G' },
          stock_quantity: 1,
          price_cents: 2_000,
          active: false,
        },
      ],
    }),
    // A variant's own PIX price counts, sold out or not: R$ 60,00.
    createProduct({
      name: 'PIX da variante 60',
      sku: 'PRC-E',
      price_cents: 20_000,
      options: size(['P', 'G']),
      variants: [
        {
          sku: 'PRC-E-P',
          option_values: { Tamanho: 'P' },
          stock_quantity: 0,
          price_cents: 15_000,
          pix_price_cents: 6_000,
        },
        { sku: 'PRC-E-G', option_values: { Tamanho: 'G' }, stock_quantity: 1 },
      ],
    }),
    // Only a PIX price of its own on a variant without its own price: R$ 85,00.
    createProduct({
      name: 'PIX sem preço 85',
      sku: 'PRC-F',
      price_cents: 10_000,
      options: size(['P', 'G']),
      variants: [
        {
          sku: 'PRC-F-P',
          option_values: { Tamanho: 'P' },
          stock_quantity: 1,
          pix_price_cents: 8_500,
        },
        { sku: 'PRC-F-G', option_values: { Tamanho: 'G' }, stock_quantity: 1 },
      ],
    }),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

async function list(query: string): Promise<ProductListResponse> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductListResponse>();
}

const names = (body: ProductListResponse) => body.products.map((p) => p.name);

/** The card's main price (apps/web display-price.ts, cardPrices), from the answer itself. */
function cardCents(product: ProductDto): number {
  const shown = (priced: { price_cents: number; pix_price_cents: number | null }) =>
    priced.pix_price_cents ?? priced.price_cents;
  const offered = product.variants
    .filter((variant) => variant.active)
    .map((variant) => shown(variantPrices(product, variant)));
  return offered.length > 0 ? Math.min(...offered) : shown(product);
}

describe('GET /api/products?sort=price with variant prices', () => {
  it("orders by the price the card shows: its active variants' cheapest", async () => {
    const body = await list('sort=price');
    expect(names(body)).toEqual([
      'PIX da variante 60',
      'Variantes 80 e 120',
      'PIX sem preço 85',
      'Uma variante 90',
      'PIX herdado 95',
      'Sem a base 105',
    ]);
    expect(body.products.map(cardCents)).toEqual([6_000, 8_000, 8_500, 9_000, 9_500, 10_500]);
  });

  it('keeps the order across pages', async () => {
    const whole = names(await list('sort=price'));
    const paged: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      paged.push(...names(await list(`sort=price&per_page=2&page=${page}`)));
    }
    expect(paged).toEqual(whole);
  });

  it('answers every product of a later page whole, with its own variants, as one big page does', async () => {
    for (const sort of ['price', 'name', 'newest']) {
      const whole = await list(`sort=${sort}`);
      const paged: ProductDto[] = [];
      for (let page = 1; page <= 3; page += 1) {
        const body = await list(`sort=${sort}&per_page=2&page=${page}`);
        expect(body.total, sort).toBe(whole.total);
        paged.push(...body.products);
      }
      expect(JSON.stringify(paged), sort).toBe(JSON.stringify(whole.products));
    }
    const third = await list('sort=price&per_page=2&page=3');
    expect(third.products.map((p) => p.variants.map((variant) => variant.sku))).toEqual([
      ['PRC-C-P', 'PRC-C-G'],
      ['PRC-D-P', 'PRC-D-M', 'PRC-D-G'],
    ]);
  });

  it('leaves retired variants out, and falls back on the product without any active one', async () => {
    const db = ctx.database.db;
    await db.execute(sql`update product_variants set retired_at = now() where sku = 'PRC-E-P'`);
    await db.execute(sql`update product_variants set active = false where sku like 'PRC-A-%'`);
    try {
      const body = await list('sort=price');
      expect(names(body)).toEqual([
        'PIX sem preço 85',
        'Uma variante 90',
        'PIX herdado 95',
        'Variantes 80 e 120',
        'Sem a base 105',
        'PIX da variante 60',
      ]);
      expect(body.products.map(cardCents)).toEqual([8_500, 9_000, 9_500, 10_000, 10_500, 20_000]);
    } finally {
      await db.execute(sql`update product_variants set retired_at = null where sku = 'PRC-E-P'`);
      await db.execute(sql`update product_variants set active = true where sku like 'PRC-A-%'`);
    }
  });
});
