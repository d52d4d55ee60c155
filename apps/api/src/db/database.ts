import { MIGRATIONS_DIR } from '../paths.ts';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
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
  // Imported only here: PGlite (its Emscripten build, its source maps) and drizzle's driver for
  // it stay out of a server on PostgreSQL, about 2 MB less heap (bench/README.md).
  const { openPglite } = await import('./pglite.ts');
  return openPglite(options.dataDir);
}
