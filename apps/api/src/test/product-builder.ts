import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../db/raw-rows.ts';
import type { Db } from '../db/database.ts';
import { blingProductLinks, type BlingProductLinkRow } from '../db/schema/bling.ts';
import type { ProductInput } from '../modules/catalog/product-record.ts';
import { createCatalogRepository } from '../modules/catalog/repository.ts';

let sequence = 0;

/** A believable listed product; tests override only what they are about. */
export function createProduct(overrides: Partial<ProductInput> = {}): ProductInput {
  sequence += 1;
  return {
    name: `Argola Teste ${sequence}`,
    description: '<p>Argola de aço cirúrgico 316L.</p>',
    complementary_description: null,
    price_cents: 4990,
    pix_price_cents: null,
    sale_price_cents: null,
    category: 'orelha',
    subcategory: 'Argolas',
    sku: `TEST-${sequence}`,
    active: true,
    display_status: 'visible',
    images: [`/product-images/test-${sequence}.svg`],
    sizes: ['8 mm'],
    measures: ['1,2 mm'],
    tags: [],
    variations: [],
    stock_quantity: 10,
    ...overrides,
  };
}

/** Inserts products through the repository (so sanitising and derived columns apply); ids in order. */
export async function insertProducts(
  db: Db,
  inputs: ProductInput[],
  now = new Date(),
): Promise<number[]> {
  return createCatalogRepository(db).insertProducts(inputs, now);
}

/** A product's first variant (the only one of a product without options), as an insert value. */
export function firstVariantOf(productId: number): SQL<number> {
  return sql<number>`(select id from product_variants where product_id = ${productId}::integer order by position, id limit 1)`;
}

/** The id of a product's first variant. */
export async function firstVariantId(db: Db, productId: number): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`select ${firstVariantOf(productId)} as id`),
  );
  if (!row) throw new Error(`product ${productId} has no variant`);
  return row.id;
}

/** Where some products stand with Bling (the ERP's table), as a test sets it up. */
export async function setBlingLink(
  db: Db,
  productIds: number[],
  link: Partial<Omit<BlingProductLinkRow, 'productId'>>,
): Promise<void> {
  for (const productId of productIds) {
    await db
      .insert(blingProductLinks)
      .values({ productId, ...link })
      .onConflictDoUpdate({ target: blingProductLinks.productId, set: link });
  }
}
