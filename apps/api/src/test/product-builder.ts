import type { Db } from '../db/database.ts';
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
