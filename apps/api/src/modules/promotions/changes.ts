import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/**
 * A change to a coupon or an automatic promotion is announced through PostgreSQL (NOTIFY), as
 * settings and catalogue changes are, so every API process on the database reads its automatic
 * promotions again (and drops the catalogue answers that carry them). Sent inside the saving
 * transaction, the notice goes out only if the change commits.
 */
export const PROMOTIONS_CHANNEL = 'lumina_promotions_changed';

export async function announcePromotionsChange(db: Pick<Db, 'execute'>): Promise<void> {
  await db.execute(sql`select pg_notify(${PROMOTIONS_CHANNEL}, '')`);
}
