import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/**
 * A settings change is announced through PostgreSQL (NOTIFY), as catalogue changes are
 * (catalog/changes.ts), so every API process on the database reads the new settings at once.
 * Sent inside the saving transaction, the notice goes out only if the change commits.
 */
export const SETTINGS_CHANNEL = 'lumina_settings_changed';

export async function announceSettingsChange(db: Pick<Db, 'execute'>): Promise<void> {
  await db.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, '')`);
}
