import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/database.ts';
import { fromPglite, PGLITE_SETTINGS } from '../db/pglite.ts';
import { API_DIR, REPO_ROOT } from '../paths.ts';
import { sql } from 'drizzle-orm';
import { databaseUrl, quoteIdent, uniqueDatabaseName } from './postgres-url.ts';
import type { TestDatabaseTemplate } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
  }
}

/**
 * Runs the migrations once per test run. PGlite: a migrated in-memory database dumped to a file
 * that every test file loads (about 0.5 s instead of several seconds for a fresh one). PostgreSQL
 * (TEST_DATABASE_URL): a migrated template database that every test file copies; both are
 * removed at the end, so runs on a shared server never collide. On PostgreSQL the API is also
 * compiled once, as `npm start` runs it, for the tests that start real server processes.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Test infrastructure, not the API: the one variable that picks the server under test.
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = uniqueDatabaseName('lumina_tpl');
    const admin = openPostgres(serverUrl, { poolMax: 1 });
    await admin.db.execute(sql.raw(`CREATE DATABASE ${quoteIdent(template)}`));
    const migrated = openPostgres(databaseUrl(serverUrl, template), { poolMax: 1 });
    await migrated.migrate();
    await migrated.close();
    const compiledApi = compileApi();
    project.provide('testDatabase', { driver: 'postgres', serverUrl, template, compiledApi });
    return async () => {
      rmSync(join(API_DIR, compiledApi), { recursive: true, force: true });
      await admin.db.execute(
        sql.raw(`DROP DATABASE IF EXISTS ${quoteIdent(template)} WITH (FORCE)`),
      );
      await admin.close();
    };
  }

  const dir = mkdtempSync(join(tmpdir(), 'lumina-api-test-'));
  const snapshotPath = join(dir, 'migrated.tar');
  const client = await PGlite.create({ postgresqlconf: PGLITE_SETTINGS });
  const database = fromPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('testDatabase', { driver: 'pglite', snapshotPath });
  return () => {
    rmSync(dir, { recursive: true, force: true });
    return Promise.resolve();
  };
}

/** scripts/build-api.mjs into a folder of this run's own (a concurrent `npm start` keeps dist). */
function compileApi(): string {
  const outDir = `dist-test-${randomBytes(4).toString('hex')}`;
  const build = spawnSync(process.execPath, ['scripts/build-api.mjs', '--outDir', outDir], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`API build failed:\n${build.stdout}${build.stderr}`);
  return outDir;
}
