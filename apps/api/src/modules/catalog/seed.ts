import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { DemoProduct } from './demo/demo-product.ts';
import type { ProductInput } from './product-record.ts';
import { createCatalogRepository } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Any fixed number: processes starting together take turns on this lock, so only one seeds. */
const SEED_LOCK_KEY = 720_001;

export function demoProductInput(demo: DemoProduct, now: Date): ProductInput {
  const { created_days_ago: daysAgo, ...product } = demo;
  return { ...product, created_at: new Date(now.getTime() - daysAgo * DAY_MS) };
}

/**
 * Fills an empty catalogue with the given products and leaves any other catalogue alone, also
 * when several processes start at once on one PostgreSQL. Returns how many it inserted.
 */
export async function seedCatalog(
  db: Db,
  products: readonly DemoProduct[],
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const repository = createCatalogRepository(tx);
    if ((await repository.countProducts()) > 0) return 0;
    const ids = await repository.insertProducts(
      products.map((product) => demoProductInput(product, now)),
      now,
    );
    return ids.length;
  });
}
