import type { Db } from '../../db/database.ts';
import { DEMO_PRODUCTS } from './demo/products.ts';
import { seedCatalog } from './seed.ts';

/** The demo catalogue (issue 2, item 7), seeded on start when the products table is empty. */
export function seedDemoCatalog(db: Db, now = new Date()): Promise<number> {
  return seedCatalog(db, DEMO_PRODUCTS, now);
}
