import { CATEGORY_SLUGS } from '@lumina/shared/catalog/categories';
import type { ProductListResponse } from '@lumina/shared/catalog/product';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { DEMO_PRODUCTS } from './demo/products.ts';
import { sanitizeDescription } from './sanitize-description.ts';
import { seedDemoCatalog } from './seed-demo.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

describe('seedDemoCatalog', () => {
  it('writes every demo product and lists the active, shown ones', async () => {
    expect(await seedDemoCatalog(ctx.database.db)).toBe(DEMO_PRODUCTS.length);
    const response = await ctx.app.inject('/api/products?per_page=100');
    const body = response.json<ProductListResponse>();
    const listed = DEMO_PRODUCTS.filter((p) => p.active && p.display_status !== 'hidden');
    expect(body.total).toBe(listed.length);
    expect(new Set(body.products.map((p) => p.category))).toEqual(new Set(CATEGORY_SLUGS));
    expect(await seedDemoCatalog(ctx.database.db)).toBe(0);
  });

  it('has descriptions the sanitiser keeps as they are', () => {
    for (const product of DEMO_PRODUCTS) {
      expect(sanitizeDescription(product.description), product.sku).toBe(product.description);
    }
  });
});
