import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  storeSettings,
  type StoreSettingsRow,
  storeSettingsVersions,
  type StoreSettingsVersionRow,
} from '../../db/schema/settings.ts';

const ROW_ID = 1;

/** The settings tables' SQL: the one row of current settings and its history. */
export function createSettingsRepository(db: Db) {
  return {
    async current(): Promise<StoreSettingsRow | undefined> {
      const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, ROW_ID));
      return row;
    },

    /**
     * The first start's settings, written once: several processes may start together, and only
     * the one whose insert lands records version 1. True when this call created them.
     */
    async createFirst(tx: Db, settings: StoreSettings, at: Date): Promise<boolean> {
      const inserted = await tx
        .insert(storeSettings)
        .values({ id: ROW_ID, settings, version: 1, updatedBy: null, updatedAt: at })
        .onConflictDoNothing()
        .returning({ id: storeSettings.id });
      if (inserted.length === 0) return false;
      await tx.insert(storeSettingsVersions).values({
        version: 1,
        settings,
        changedFields: [],
        changedBy: null,
        changedAt: at,
      });
      return true;
    },

    /** The current row, locked until the transaction ends, so two saves take turns. */
    async lock(tx: Db): Promise<StoreSettingsRow | undefined> {
      const [row] = await tx
        .select()
        .from(storeSettings)
        .where(eq(storeSettings.id, ROW_ID))
        .for('update');
      return row;
    },

    async save(
      tx: Db,
      change: { settings: StoreSettings; version: number; changedFields: string[] },
      by: number,
      at: Date,
    ): Promise<StoreSettingsRow> {
      const [row] = await tx
        .update(storeSettings)
        .set({ settings: change.settings, version: change.version, updatedBy: by, updatedAt: at })
        .where(eq(storeSettings.id, ROW_ID))
        .returning();
      await tx.insert(storeSettingsVersions).values({
        version: change.version,
        settings: change.settings,
        changedFields: change.changedFields,
        changedBy: by,
        changedAt: at,
      });
      return row!;
    },

    /**
     * When one of the fields (dotted: 'policies.terms') last changed; undefined if no version
     * says. `on`: the caller's transaction, to see the version it has just written.
     */
    async fieldsChangedAt(fields: readonly string[], on: Db = db): Promise<Date | undefined> {
      const names = sql.join(
        fields.map((field) => sql`${field}`),
        sql`, `,
      );
      const [row] = await on
        .select({ changedAt: storeSettingsVersions.changedAt })
        .from(storeSettingsVersions)
        .where(sql`${storeSettingsVersions.changedFields} && array[${names}]::text[]`)
        .orderBy(desc(storeSettingsVersions.version))
        .limit(1);
      return row?.changedAt;
    },

    /** Newest first. */
    async versions(limit: number): Promise<StoreSettingsVersionRow[]> {
      return db
        .select()
        .from(storeSettingsVersions)
        .orderBy(desc(storeSettingsVersions.version))
        .limit(limit);
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
