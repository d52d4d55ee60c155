import type { ProductListResponse } from '@lumina/shared/catalog/product';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { truncateAll } from '../../test/test-database.ts';
import type { DemoProduct } from './demo/demo-product.ts';
import { createCatalogRepository } from './repository.ts';
import { seedCatalog } from './seed.ts';

const now = new Date('2025-06-01T12:00:00Z');

function demo(overrides: Partial<DemoProduct>): DemoProduct {
  return {
    sku: 'DEMO-1',
    name: 'Argola Segmentada Titânio - Tamanho: 8 mm; Medida: 1,2 mm',
    description: '<p>Argola em titânio.</p>',
    complementary_description: null,
    price_cents: 5990,
    pix_price_cents: null,
    sale_price_cents: null,
    category: 'orelha',
    subcategory: 'Argolas',
    display_status: 'visible',
    active: true,
    images: ['/product-images/argola.svg'],
    sizes: ['8 mm'],
    measures: ['1,2 mm'],
    tags: ['titânio'],
    variations: [],
    options: [],
    variants: [{ sku: overrides.sku ?? 'DEMO-1', stock_quantity: overrides.stock_quantity ?? 5 }],
    stock_quantity: 5,
    created_days_ago: 3,
    ...overrides,
  };
}

const DEMO: DemoProduct[] = [
  demo({}),
  demo({
    sku: 'DEMO-2',
    name: 'Labret Zircônia',
    category: 'boca',
    subcategory: 'Labret',
    created_days_ago: 1,
    display_status: 'featured',
    weight_grams: 5,
  }),
  demo({
    sku: 'DEMO-3',
    name: 'Nostril Inativo',
    category: 'nariz',
    active: false,
    created_days_ago: 30,
  }),
];

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

beforeEach(async () => {
  await truncateAll(ctx.database);
});

afterAll(async () => {
  await ctx?.close();
});

describe('seedCatalog', () => {
  it('fills an empty catalogue, with creation dates from created_days_ago', async () => {
    expect(await seedCatalog(ctx.database.db, DEMO, now)).toBe(3);
    const response = await ctx.app.inject('/api/products?sort=newest');
    const body = response.json<ProductListResponse>();
    expect(body.products.map((p) => [p.sku, p.created_at])).toEqual([
      ['DEMO-2', '2025-05-31T12:00:00.000Z'],
      ['DEMO-1', '2025-05-29T12:00:00.000Z'],
    ]);
    expect(body.products[0]).toMatchObject({ weight_grams: 5, length_cm: 16 });
  });

  it('leaves a catalogue that has products alone', async () => {
    await seedCatalog(ctx.database.db, DEMO.slice(0, 1), now);
    expect(await seedCatalog(ctx.database.db, DEMO, now)).toBe(0);
    expect(await createCatalogRepository(ctx.database.db).countProducts()).toBe(1);
  });

  it('seeds once when two starts race', async () => {
    const results = await Promise.all([
      seedCatalog(ctx.database.db, DEMO, now),
      seedCatalog(ctx.database.db, DEMO, now),
    ]);
    expect(results.sort()).toEqual([0, 3]);
  });
});
