import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/**
 * Catalogue changes are announced through PostgreSQL (NOTIFY), so every API process on the same
 * database drops its cached catalogue answers, not only the one that made the change. Sent inside
 * the change's transaction, the notice goes out only if the change commits.
 */
export const CATALOG_CHANNEL = 'lumina_catalog_changed';

export async function announceCatalogChange(db: Pick<Db, 'execute'>): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, '')`);
}
