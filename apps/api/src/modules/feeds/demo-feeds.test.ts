// A fresh clone's shop: the demo catalogue's two feeds are valid against their specifications,
// each listing every active variant of every listed demo product and nothing else.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FEED_PATHS } from '@lumina/shared/feeds/feeds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDirOf } from '../../http/uploads.ts';
import { validateGoogleFeed, validateMetaCsv } from '../../test/feed-validators.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { DEMO_PRODUCTS } from '../catalog/demo/products.ts';
import { seedDemoCatalog } from '../catalog/seed-demo.ts';

let ctx: TestContext;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lumina-feeds-'));
  ctx = await createTestContext({ env: { DATA_DIR: dataDir } });
  await seedDemoCatalog(ctx.database.db, uploadsDirOf(dataDir));
});

afterAll(async () => {
  await ctx?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("the demo catalogue's feeds", () => {
  it('validate, one item per active variant of each listed product', async () => {
    const listed = DEMO_PRODUCTS.filter((p) => p.active !== false && p.display_status !== 'hidden');
    const variants = listed.flatMap((product) =>
      (product.variants ?? [{ sku: product.sku, active: true }]).filter((v) => v.active !== false),
    );
    const google = await ctx.app.inject(FEED_PATHS.google);
    const items = validateGoogleFeed(google.body);
    expect(items.map((item) => item['g:id']).sort()).toEqual(variants.map((v) => v.sku).sort());
    const rows = validateMetaCsv((await ctx.app.inject(FEED_PATHS.meta)).body);
    expect(rows).toHaveLength(items.length);
  });

  it("titles each variant by its own values, not by the measures the product's name embeds", async () => {
    const items = validateGoogleFeed((await ctx.app.inject(FEED_PATHS.google)).body);
    const titles = new Map(items.map((item) => [item['g:id'], item['g:title']]));
    // The name reads 'Argola Segmentada Titânio Dourado - Tamanho: 8mm; Espessura: 1,2mm'.
    expect(titles.get('LUM-ORE-001-6MM-1-0MM')).toBe(
      'Argola Segmentada Titânio Dourado - 6mm, 1,0mm',
    );
  });
});
