// The embedded database (PGlite): its own module, imported only when the store runs without
// DATABASE_URL (openDatabase), so a server on PostgreSQL loads neither PGlite nor its driver.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, MIGRATIONS_DIR, ping } from './database.ts';

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
