import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { pgBossDb } from './pg-boss-db.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe("pg-boss's database port", () => {
  it('runs single statements with parameters and multi-statement text without', async () => {
    const db = pgBossDb(database);
    expect((await db.executeSql('select $1::int + 1 as n', [41])).rows).toEqual([{ n: 42 }]);
    await db.executeSql(
      'BEGIN; CREATE TABLE pgboss_port_test (n int); INSERT INTO pgboss_port_test VALUES (1); COMMIT;',
      [],
    );
    expect((await db.executeSql('select n from pgboss_port_test', [])).rows).toEqual([{ n: 1 }]);
    await db.executeSql('DROP TABLE pgboss_port_test', []);
  });

  it('rolls back a block that fails half-way and leaves the connection usable', async () => {
    const db = pgBossDb(database);
    await expect(
      db.executeSql('BEGIN; CREATE TABLE pgboss_half_done (n int); SELECT 1/0; COMMIT;', []),
    ).rejects.toThrow('division by zero');

    // Every pooled connection (or PGlite's only one) still answers outside any transaction.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        database.db.execute(sql`select to_regclass('pgboss_half_done') as name`),
      ),
    );
    for (const answer of answers) {
      expect((answer as { rows: unknown[] }).rows).toEqual([{ name: null }]);
    }
  });

  it('waits for the statements under way', async () => {
    const db = pgBossDb(database);
    const slow = db.executeSql('select pg_sleep(0.2)', []);
    expect(db.pending).toBe(1);
    await db.drain();
    expect(db.pending).toBe(0);
    await slow;
  });
});
