import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';
import { createInFlight } from '../lib/in-flight.ts';

/** pg-boss's database port, plus a wait for the statements it has under way. */
export interface PgBossDb extends PgBoss.Db {
  /** Statements under way. */
  readonly pending: number;
  /** Resolves once no statement pg-boss started is still running. */
  drain(): Promise<void>;
}

type Execute = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * pg-boss sends two kinds of SQL: single statements with `$n` parameters, and parameterless
 * multi-statement text (schema creation, migrations, maintenance) wrapped in its own
 * `BEGIN; ... COMMIT;`. PGlite's `query` takes one statement only, so the second kind goes to
 * `exec`. That text runs inside a PGlite transaction: the store has a single connection, and a
 * statement failing between pg-boss's BEGIN and COMMIT would otherwise leave that connection in
 * an aborted transaction for every later query; PGlite's transaction rolls it back before
 * anything else runs. (Its BEGIN and COMMIT inside ours only raise harmless warnings.)
 * Only the last statement's rows come back, as pg-boss 10 reads no rows from multi-statement text.
 */
function pgliteExecute(client: PGlite): Execute {
  return async (text, values) => {
    if (values && values.length > 0) return client.query(text, values);
    const results = await client.transaction((tx) => tx.exec(text));
    return results.at(-1) ?? { rows: [] };
  };
}

/**
 * Shares the API's pool. Parameterless text may hold pg-boss's own BEGIN ... COMMIT, so it runs on
 * a checked-out connection that is discarded, not returned to the pool, when it fails half-way.
 */
function poolExecute(pool: pg.Pool): Execute {
  return async (text, values) => {
    if (values && values.length > 0) return pool.query(text, values);
    const connection = await pool.connect();
    try {
      const result = (await connection.query(text)) as pg.QueryResult | pg.QueryResult[];
      connection.release();
      // Several statements answer an array of results, as pg-boss expects from node-postgres.
      return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
    } catch (error) {
      connection.release(error instanceof Error ? error : true);
      throw error;
    }
  };
}

/** The driver under the query builder: drizzle keeps it as `$client`. */
function clientOf(database: Pick<Database, 'db'>): unknown {
  return (database.db as unknown as { $client?: unknown }).$client;
}

/**
 * Told by its methods, not by `instanceof`: importing PGlite's class would load PGlite (its
 * Emscripten build) into a server on PostgreSQL too (db/pglite.ts).
 */
function isPglite(client: unknown): client is PGlite {
  const candidate = client as Partial<PGlite> | null | undefined;
  return (
    typeof candidate?.query === 'function' &&
    typeof candidate.exec === 'function' &&
    typeof candidate.transaction === 'function'
  );
}

/** The pg Pool behind a PostgreSQL database (tests open a second pool on the same database). */
export function poolOf(database: Pick<Database, 'db'>): pg.Pool | undefined {
  const client = clientOf(database);
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * pg-boss on the API's own connection: the same PGlite instance (one process owns its data
 * folder, so pg-boss cannot open another) or the same PostgreSQL pool. Every statement is tracked
 * so stopping the runner can wait for them before the database closes.
 */
export function pgBossDb(database: Pick<Database, 'db'>): PgBossDb {
  const client = clientOf(database);
  let execute: Execute;
  if (client instanceof pg.Pool) execute = poolExecute(client);
  else if (isPglite(client)) execute = pgliteExecute(client);
  else throw new Error('pg-boss needs a PGlite or node-postgres database');

  const statements = createInFlight();
  return {
    executeSql: (text, values) => statements.track(execute(text, values)),
    get pending() {
      return statements.size;
    },
    drain: () => statements.settled(),
  };
}

/** Any fixed number: the key of the lock that lets one process at a time install pg-boss. */
const INSTALL_LOCK_KEY = 7_351_902_441;

/**
 * Runs `task` (pg-boss's start, queue and schedule declarations) while holding a session advisory
 * lock, so API processes starting together on a new database take turns. Without it one of them
 * failed on `CREATE SCHEMA` (duplicate key in pg_namespace) or deadlocked in create_queue, and
 * pg-boss, unable to start twice, took the process down. PGlite has one process: no lock.
 */
export async function withInstallLock<T>(
  database: Pick<Database, 'db'>,
  task: () => Promise<T>,
): Promise<T> {
  const pool = poolOf(database);
  if (!pool) return task();
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1::bigint)', [INSTALL_LOCK_KEY]);
    try {
      return await task();
    } finally {
      await connection.query('select pg_advisory_unlock($1::bigint)', [INSTALL_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}
