import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { type Database, openPostgres } from '../db/database.ts';
import { fromPglite, PGLITE_SETTINGS } from '../db/pglite.ts';
import { databaseUrl, quoteIdent, uniqueDatabaseName } from './postgres-url.ts';

export type TestDatabaseTemplate =
  | { driver: 'pglite'; snapshotPath: string }
  | {
      driver: 'postgres';
      serverUrl: string;
      template: string;
      /** The API compiled for this run (apps/api/<folder>), for tests that start real servers. */
      compiledApi: string;
    };

/**
 * A migrated database for one test file, on the driver chosen for the run: a PGlite loaded from
 * the run's snapshot, or a copy of the run's template database on the PostgreSQL server.
 * `close` also drops the copy.
 */
export async function openTestDatabase(): Promise<Database> {
  const template = inject('testDatabase');
  if (template.driver === 'pglite') {
    const snapshot = new Blob([readFileSync(template.snapshotPath)]);
    return fromPglite(
      await PGlite.create({ loadDataDir: snapshot, postgresqlconf: PGLITE_SETTINGS }),
    );
  }

  const name = uniqueDatabaseName('lumina_test');
  const admin = openPostgres(template.serverUrl, { poolMax: 1 });
  await admin.db.execute(
    sql.raw(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template.template)}`),
  );
  const database = openPostgres(databaseUrl(template.serverUrl, name), { poolMax: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
      await admin.close();
    },
  };
}

/** Empties the catalogue between tests that need a known one (cart and wishlist lines go too). */
export async function truncateAll(database: Database): Promise<void> {
  await database.db.execute(sql`TRUNCATE products, contact_messages RESTART IDENTITY CASCADE`);
}
