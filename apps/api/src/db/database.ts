import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../paths.ts';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/** What repositories receive: the same query builder whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DriverName = 'pglite' | 'postgres';

/** An open database: the query builder plus what the process needs to manage it. */
export interface Database {
  db: Db;
  driver: DriverName;
  /** The embedded instance (pglite driver only): the backup copies its data folder through it. */
  pglite?: PGlite;
  /** Applies the committed migrations in apps/api/drizzle that this database has not seen. */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Calls `onNotice` for every NOTIFY on `channel` from any process on this database, and once
   * after a lost listening connection is back (what was said meanwhile is unknown). Resolves to
   * the function that stops listening.
   */
  listen(channel: string, onNotice: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export { MIGRATIONS_DIR };

async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Wraps an already created PGlite instance (tests load a migrated snapshot into one). */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite({ client });
  return {
    db,
    driver: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => ping(db),
    listen: (channel, onNotice) => client.listen(channel, () => onNotice()),
    close: () => client.close(),
  };
}

/**
 * PGlite runs PostgreSQL inside this process, in WebAssembly memory that grows and never shrinks:
 * every buffer PostgreSQL fills stays resident. The store's data is a few megabytes and PGlite has
 * one backend, so the smallest settings (measured with `npm run bench:embedded-db`, bench/README.md):
 * - shared_buffers=128kB, its minimum (16 pages; the operating system's cache of the data folder
 *   holds the rest): 14 to 18 MB less at rest than 16MB;
 * - work_mem and maintenance_work_mem at their minimum of 1MB, temp_buffers at 800kB: a sort, an
 *   index build or a temporary table that would grow the heap by up to 64 MB spills to disk
 *   instead; with these, 28 MB less at rest than 16MB after a restart, 46 MB after a first start;
 * - min_wal_size=32MB, max_wal_size=64MB (WAL on disk, not memory): checkpoints come sooner, so
 *   the data folder keeps fewer WAL segments.
 * PGlite's initialMemory cannot go below the 128 MB its WebAssembly module declares (a smaller
 * one fails to instantiate), nor does it need to: untouched pages of it are not resident.
 */
export const PGLITE_SETTINGS = [
  'shared_buffers=128kB',
  'work_mem=1MB',
  'maintenance_work_mem=1MB',
  'temp_buffers=800kB',
  'min_wal_size=32MB',
  'max_wal_size=64MB',
];

/** The embedded PostgreSQL in DATA_DIR/pglite: one process at a time may open it. */
export async function openPglite(dataDir: string): Promise<Database> {
  const path = join(dataDir, 'pglite');
  mkdirSync(path, { recursive: true });
  return fromPglite(await PGlite.create({ dataDir: path, postgresqlconf: PGLITE_SETTINGS }));
}

const RELISTEN_DELAY_MS = 1_000;

/** LISTEN needs a connection of its own, kept open (a pooled one would be handed to others). */
async function listenPostgres(
  url: string,
  channel: string,
  onNotice: () => void,
  onError: (error: Error) => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  function reopenLater(failed: pg.Client): void {
    if (stopped || current !== failed) return;
    current = null;
    failed.removeAllListeners('notification');
    failed.end().catch(() => undefined);
    retry = setTimeout(() => void open(false).catch(onError), RELISTEN_DELAY_MS);
    retry.unref();
  }

  async function open(first: boolean): Promise<void> {
    if (stopped) return;
    const client = new pg.Client({ connectionString: url });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) onNotice();
    });
    client.on('error', (error) => {
      onError(error);
      reopenLater(client);
    });
    client.on('end', () => reopenLater(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      if (first) {
        current = null;
        await client.end().catch(() => undefined);
        throw error;
      }
      reopenLater(client);
      throw error;
    }
    if (!first) onNotice();
  }

  await open(true);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}

export function openPostgres(
  url: string,
  options: { poolMax?: number; onPoolError?: (error: Error) => void } = {},
): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = drizzleNodePg({ client: pool });
  return {
    db,
    driver: 'postgres',
    migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => ping(db),
    listen: (channel, onNotice) =>
      listenPostgres(url, channel, onNotice, (error) => options.onPoolError?.(error)),
    close: () => pool.end(),
  };
}

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  poolMax?: number;
  onPoolError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.dataDir);
}
