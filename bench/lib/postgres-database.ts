import { sql } from 'drizzle-orm';
import { openPostgres } from '../../apps/api/src/db/database.ts';
import {
  databaseUrl,
  quoteIdent,
  uniqueDatabaseName,
} from '../../apps/api/src/test/postgres-url.ts';

export interface TemporaryDatabase {
  name: string;
  /** `serverUrl` with this database in its path. */
  url: string;
  /** DROP DATABASE … WITH (FORCE): also ends the connections still open on it. */
  drop(): Promise<void>;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = openPostgres(serverUrl, { poolMax: 1 });
  try {
    await admin.db.execute(sql.raw(statement));
  } finally {
    await admin.close();
  }
}

/** A new, empty database with a name no other run picks, on the server of `serverUrl`. */
export async function createTemporaryDatabase(
  serverUrl: string,
  prefix: string,
): Promise<TemporaryDatabase> {
  const name = uniqueDatabaseName(prefix);
  await onServer(serverUrl, `CREATE DATABASE ${quoteIdent(name)}`);
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
  };
}
