import type { Db } from '../../db/database.ts';
import { installDemoPhotos } from './demo/photos.ts';
import { DEMO_PRODUCT_IMAGES, DEMO_PRODUCTS } from './demo/products.ts';
import { seedCatalog } from './seed.ts';

/**
 * The demo catalogue, so a fresh install shows a working shop, seeded on start when the products
 * table is empty. Its
 * photos are stored among the uploads first, on every start: a database seeded by another process
 * (one PostgreSQL, several machines) finds them in this one's uploads too.
 */
export async function seedDemoCatalog(
  db: Db,
  uploadsDir: string,
  now = new Date(),
): Promise<number> {
  await installDemoPhotos(
    uploadsDir,
    DEMO_PRODUCT_IMAGES.map(({ name }) => name),
  );
  return seedCatalog(db, DEMO_PRODUCTS, now);
}
