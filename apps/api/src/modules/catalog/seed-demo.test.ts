import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATEGORY_SLUGS } from '@lumina/shared/catalog/categories';
import type { ProductListResponse } from '@lumina/shared/catalog/product';
import {
  PRODUCT_PHOTO_COPY_WIDTHS,
  cardImageUrl,
  photoSrcSet,
} from '@lumina/shared/catalog/product-images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDirOf } from '../../http/uploads.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { installDemoPhotos } from './demo/photos.ts';
import { DEMO_PRODUCT_IMAGES, DEMO_PRODUCTS } from './demo/products.ts';
import { sanitizeDescription } from './sanitize-description.ts';
import { seedDemoCatalog } from './seed-demo.ts';

let ctx: TestContext;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lumina-seed-'));
  ctx = await createTestContext({ env: { DATA_DIR: dataDir } });
});

afterAll(async () => {
  await ctx?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('seedDemoCatalog', () => {
  it('writes every demo product and lists the active, shown ones', async () => {
    expect(await seedDemoCatalog(ctx.database.db, uploadsDirOf(dataDir))).toBe(
      DEMO_PRODUCTS.length,
    );
    const response = await ctx.app.inject('/api/products?per_page=100');
    const body = response.json<ProductListResponse>();
    const listed = DEMO_PRODUCTS.filter((p) => p.active && p.display_status !== 'hidden');
    expect(body.total).toBe(listed.length);
    expect(new Set(body.products.map((p) => p.category))).toEqual(new Set(CATEGORY_SLUGS));
    expect(await seedDemoCatalog(ctx.database.db, uploadsDirOf(dataDir))).toBe(0);
  });

  it('stores the photos as uploads, served in every size as WebP', async () => {
    const files = readdirSync(join(uploadsDirOf(dataDir), 'products'));
    expect(files).toHaveLength(DEMO_PRODUCT_IMAGES.length * (1 + PRODUCT_PHOTO_COPY_WIDTHS.length));
    expect(files.filter((name) => !name.endsWith('.webp'))).toEqual([]);
    const main = DEMO_PRODUCTS[0]!.images[0]!;
    const srcset = photoSrcSet(main)!
      .split(', ')
      .map((candidate) => candidate.split(' ')[0]!);
    expect(srcset).toHaveLength(3);
    expect(srcset).toContain(cardImageUrl(main));
    for (const url of srcset) {
      const response = await ctx.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
    }
    // Already stored: the next start writes nothing.
    const names = DEMO_PRODUCT_IMAGES.map(({ name }) => name);
    expect(await installDemoPhotos(uploadsDirOf(dataDir), names)).toBe(0);
  });

  it('has descriptions the sanitiser keeps as they are', () => {
    for (const product of DEMO_PRODUCTS) {
      expect(sanitizeDescription(product.description), product.sku).toBe(product.description);
    }
  });
});
