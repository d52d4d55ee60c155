import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { type Db, openPostgres } from '../db/database.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import { databaseUrl, quoteIdent, uniqueDatabaseName } from './postgres-url.ts';

/** A database that an older release made, for tests of what the newer migrations do to its data. */
export interface OlderReleaseDatabase {
  db: Db;
  /** Applies the migrations that came after the older release, as an upgrade would. */
  migrateToLatest(): Promise<void>;
  /** Also drops the database from the PostgreSQL server. */
  close(): Promise<void>;
}

/**
 * A new database on the run's driver (an in-memory PGlite, or a database of its own on the
 * PostgreSQL server of TEST_DATABASE_URL) migrated only up to migration `lastIdx`, the release
 * whose data the test writes before upgrading it: not the run's migrated template.
 */
export async function openOlderReleaseDatabase(lastIdx: number): Promise<OlderReleaseDatabase> {
  const database = await openEmpty();
  try {
    const folder = await releaseMigrations(lastIdx);
    try {
      await database.migrate(folder);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    db: database.db,
    migrateToLatest: () => database.migrate(MIGRATIONS_DIR),
    close: () => database.close(),
  };
}

interface EmptyDatabase {
  db: Db;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function openEmpty(): Promise<EmptyDatabase> {
  const template = inject('testDatabase');
  if (template.driver === 'pglite') {
    const client = new PGlite();
    const db = drizzlePglite({ client });
    return {
      db,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }

  const name = uniqueDatabaseName('lumina_migration');
  const admin = openPostgres(template.serverUrl, { poolMax: 1 });
  await admin.db.execute(sql.raw(`CREATE DATABASE ${quoteIdent(name)}`));
  const pool = new pg.Pool({
    connectionString: databaseUrl(template.serverUrl, name),
    max: 1,
    // PGlite runs in UTC: the tests read timestamps as text and expect the same on any server.
    options: '-c TimeZone=UTC',
  });
  // DROP ... WITH (FORCE) ends a connection the pool may still be closing; the pool reports that
  // as an error, which without a listener would be thrown outside the test.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool });
  return {
    db,
    migrate: (folder) => migrateNodePg(db, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
      await admin.close();
    },
  };
}

/** A copy of the committed migrations whose journal ends at `lastIdx`, as that release shipped. */
async function releaseMigrations(lastIdx: number): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'lumina-migrations-'));
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { idx: number }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIdx);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}
