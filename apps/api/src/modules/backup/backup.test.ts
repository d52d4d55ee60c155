import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { type Database, openDatabase, openPostgres } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { waitUntil } from '../../jobs/testing.ts';
import { addToCart, checkoutBody, placeOrder, shopper } from '../../test/checkout.ts';
import { databaseUrl, quoteIdent, uniqueDatabaseName } from '../../test/postgres-url.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createBackupService } from './service.ts';
import { restoreBackup } from './restore.ts';

const template = inject('testDatabase');
const onPostgres = template.driver === 'postgres';
// The PostgreSQL copy needs the server's client tools on this machine (they are on CI's).
const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;
const cleanups: (() => Promise<void> | void)[] = [];

/** A fresh database on the PostgreSQL server, dropped after the file: `template` or empty. */
async function serverDatabase(prefix: string, from?: string) {
  if (template.driver !== 'postgres') throw new Error('PostgreSQL run only');
  const name = uniqueDatabaseName(prefix);
  const admin = openPostgres(template.serverUrl, { poolMax: 1 });
  const source = from ? ` TEMPLATE ${quoteIdent(from)}` : '';
  await admin.db.execute(sql.raw(`CREATE DATABASE ${quoteIdent(name)}${source}`));
  cleanups.push(async () => {
    await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
    await admin.close();
  });
  return databaseUrl(template.serverUrl, name);
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

let ctx: TestContext;
let shopUrl: string | undefined;
let productId: number;
const dataDir = tempDir('lumina-backup-data-');

beforeAll(async () => {
  let database: Database | undefined;
  if (template.driver === 'postgres') {
    shopUrl = await serverDatabase('lumina_backup_shop', template.template);
    database = openPostgres(shopUrl, { poolMax: 4 });
  }
  ctx = await createTestContext({ database });
  [productId] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Backup', price_cents: 5000, stock_quantity: 10_000 }),
  ])) as [number];
  mkdirSync(join(dataDir, 'uploads', 'products'), { recursive: true });
  writeFileSync(join(dataDir, 'uploads', 'products', 'foto-1200.webp'), 'RIFF-foto-grande');
  writeFileSync(join(dataDir, 'jwt-secret'), 'segredo-jwt-'.repeat(4), { mode: 0o600 });
  writeFileSync(join(dataDir, 'bling-token-key'), 'chave-bling-'.repeat(4), { mode: 0o600 });
});

afterAll(async () => {
  await ctx?.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function orderIdsIn(database: Database): Promise<Map<number, number>> {
  const rows = rowsOf<{ id: number; items: number }>(
    await database.db.execute(
      sql`select o.id, (select count(*)::int from order_items i where i.order_id = o.id) as items from orders o`,
    ),
  );
  return new Map(rows.map((row) => [row.id, row.items]));
}

describe(`backup and restore (${template.driver})`, () => {
  it.runIf(!onPostgres || hasPgDump)(
    'copies a shop taking orders: every order committed before it is back, whole, after a restore',
    async () => {
      const committed: number[] = [];
      let writing = true;
      // Four shoppers at a time, each placing the three unpaid orders the shop allows one person.
      const writers = Array.from({ length: 4 }, async () => {
        while (writing) {
          const { headers } = await shopper(ctx.app, ctx.database);
          for (let n = 0; n < 3 && writing; n++) {
            await addToCart(ctx.app, headers, productId, 1);
            const response = await placeOrder(ctx.app, headers, checkoutBody());
            expect(response.statusCode, response.body).toBe(201);
            committed.push(response.json<{ order: { id: number } }>().order.id);
          }
        }
      });
      await waitUntil(() => committed.length >= 8);
      const before = [...committed];
      const backups = createBackupService({
        dataDir,
        backupDir: join(dataDir, 'backups'),
        database: ctx.database,
        databaseUrl: shopUrl,
        log: { info: () => undefined, warn: () => undefined },
      });
      const result = await backups.takeBackup('manual');
      // The orders kept coming while and after the copy was taken.
      await waitUntil(() => committed.length >= before.length + 8, 30_000);
      writing = false;
      await Promise.all(writers);

      expect(result.database).toBe(onPostgres ? 'pg-dump-custom' : 'pglite-data-dir');
      expect(statSync(result.file).mode & 0o777).toBe(0o600);

      const restoredDir = join(tempDir('lumina-restored-'), 'data');
      const restoredUrl = onPostgres ? await serverDatabase('lumina_backup_restored') : undefined;
      const restored = await restoreBackup({
        file: result.file,
        dataDir: restoredDir,
        databaseUrl: restoredUrl,
      });
      expect(restored.manifest.files.map((f) => f.path)).toEqual(
        expect.arrayContaining([
          'data/jwt-secret',
          'data/bling-token-key',
          'data/uploads/products/foto-1200.webp',
        ]),
      );
      expect(readFileSync(join(restoredDir, 'uploads/products/foto-1200.webp'), 'utf8')).toBe(
        'RIFF-foto-grande',
      );
      expect(readFileSync(join(restoredDir, 'jwt-secret'), 'utf8')).toBe('segredo-jwt-'.repeat(4));
      expect(statSync(join(restoredDir, 'bling-token-key')).mode & 0o777).toBe(0o600);

      const database = await openDatabase({ databaseUrl: restoredUrl, dataDir: restoredDir });
      try {
        await database.migrate();
        const orders = await orderIdsIn(database);
        for (const id of before) expect(orders.has(id), `order ${id}`).toBe(true);
        expect(orders.size).toBeGreaterThanOrEqual(before.length);
        expect(orders.size).toBeLessThan(committed.length);
        // No order without its line: each checkout wrote both in one transaction.
        expect([...orders.values()].every((items) => items === 1)).toBe(true);
        expect(restored.orders).toBe(orders.size);
      } finally {
        await database.close();
      }
    },
    // Copying, unpacking and opening a 45 MB database twice: more than the default 20 s on a
    // busy two-core machine.
    120_000,
  );

  it.runIf(onPostgres)(
    'without pg_dump, keeps the files and says loudly the database is not in it',
    async () => {
      const warnings: string[] = [];
      const backups = createBackupService({
        dataDir,
        backupDir: join(dataDir, 'backups-sem-pg-dump'),
        database: ctx.database,
        databaseUrl: shopUrl,
        log: { info: () => undefined, warn: (_details, message) => void warnings.push(message) },
      });
      const path = process.env.PATH;
      process.env.PATH = tempDir('lumina-empty-path-');
      try {
        const result = await backups.takeBackup('nightly');
        expect(result.database).toBe('none');
        expect(warnings).toEqual([expect.stringMatching(/pg_dump not found: .* NOT the database/)]);
        const restoredDir = join(tempDir('lumina-restored-'), 'data');
        const restored = await restoreBackup({
          file: result.file,
          dataDir: restoredDir,
          databaseUrl: undefined,
        });
        expect(restored.manifest.database).toMatchObject({ kind: 'none' });
        expect(readFileSync(join(restoredDir, 'bling-token-key'), 'utf8')).toBe(
          'chave-bling-'.repeat(4),
        );
      } finally {
        process.env.PATH = path;
      }
    },
  );
});
