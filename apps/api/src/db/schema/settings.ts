import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The shop's own settings (names, document, address, contacts, prices, policies): one row, the
 * current version, so a shop goes live without code changes. The document is checked by the
 * shared zod schema on every write, hence one JSON column instead of a column per field.
 */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: integer('id').primaryKey().default(1),
    settings: jsonb('settings').$type<StoreSettings>().notNull(),
    /** Bumped on every save; the number of the matching row in store_settings_versions. */
    version: integer('version').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('store_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * Every version the settings ever had: who saved it (null: the defaults of the first start),
 * when, which fields changed, and the whole document as it was.
 */
export const storeSettingsVersions = pgTable(
  'store_settings_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    version: integer('version').notNull(),
    settings: jsonb('settings').$type<StoreSettings>().notNull(),
    /** Dotted names of the fields that differ from the version before ('address.city'). */
    changedFields: text('changed_fields').array().notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('store_settings_versions_version_key').on(t.version)],
);

export type StoreSettingsRow = typeof storeSettings.$inferSelect;
export type StoreSettingsVersionRow = typeof storeSettingsVersions.$inferSelect;
