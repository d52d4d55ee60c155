import { PGlite, type Transaction } from '@electric-sql/pglite';
import { type Database, openPostgres } from '../../apps/api/src/db/database.ts';
import { fromPglite, PGLITE_SETTINGS } from '../../apps/api/src/db/pglite.ts';
import { poolOf } from '../../apps/api/src/jobs/pg-boss-db.ts';

/** A database whose every statement sent to the server is recorded, in order. */
export interface CountedDatabase {
  database: Database;
  /** SQL text of each statement since the last `reset`. */
  readonly statements: string[];
  reset(): void;
}

/**
 * PostgreSQL through the API's own pool. Every statement node-postgres sends, from the pool or
 * from a checked-out client inside a transaction (BEGIN and COMMIT included), goes through one
 * `Client.query` call per statement, so wrapping `query` on each new connection counts them all.
 */
export function countedPostgres(url: string): CountedDatabase {
  const database = openPostgres(url, { poolMax: 10 });
  const statements: string[] = [];
  const pool = poolOf(database);
  if (!pool) throw new Error('openPostgres returned no pg.Pool');
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      statements.push(sqlText(args[0]));
      return query(...args);
    };
  });
  return { database, statements, reset: () => void statements.splice(0) };
}

/**
 * An in-memory PGlite. Drizzle sends single statements through `query` (parameters) or `exec`,
 * and transactions through `transaction`, where PGlite itself sends BEGIN and then COMMIT or
 * ROLLBACK; each of those is recorded as it happens.
 */
export async function countedPglite(): Promise<CountedDatabase> {
  const client = await PGlite.create({ postgresqlconf: PGLITE_SETTINGS });
  const statements: string[] = [];
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, ...rest: unknown[]) => {
    statements.push(text);
    return (query as (...args: unknown[]) => unknown)(text, ...rest);
  }) as typeof client.query;
  client.exec = ((text: string, ...rest: unknown[]) => {
    statements.push(text);
    return (exec as (...args: unknown[]) => unknown)(text, ...rest);
  }) as typeof client.exec;
  client.transaction = async <T>(callback: (tx: Transaction) => Promise<T>) => {
    statements.push('BEGIN');
    try {
      const result = await transaction((tx) => callback(countedTransaction(tx, statements)));
      statements.push('COMMIT');
      return result;
    } catch (error) {
      statements.push('ROLLBACK');
      throw error;
    }
  };
  return { database: fromPglite(client), statements, reset: () => void statements.splice(0) };
}

function countedTransaction(tx: Transaction, statements: string[]): Transaction {
  return new Proxy(tx, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if ((property === 'query' || property === 'exec') && typeof value === 'function') {
        return (text: string, ...rest: unknown[]) => {
          statements.push(text);
          return (value as (...args: unknown[]) => unknown).call(target, text, ...rest);
        };
      }
      return value;
    },
  });
}

/** node-postgres takes a string or a config object ({ text, values, ... }). */
function sqlText(first: unknown): string {
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first) return String(first.text);
  return String(first);
}

/** "select … from "orders" …" → a one-line label: the statement's first 110 characters. */
export function statementLabel(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 110 ? `${flat.slice(0, 107)}...` : flat;
}
