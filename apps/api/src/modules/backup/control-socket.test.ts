import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appJobs } from '../../jobs/app-jobs.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { startTestJobRunner, waitUntil } from '../../jobs/testing.ts';
import { API_DIR } from '../../paths.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { NIGHTLY_BACKUP_JOB, nightlyBackupJob } from './backup-job.ts';
import { controlSocketPath, requestBackup, startControlSocket } from './control-socket.ts';
import { createBackupService, SECRET_FILES } from './service.ts';

// The socket serves the embedded database only; on PostgreSQL pg_dump needs no server's help (its
// path is covered by backup.test.ts on the PostgreSQL run).
const onPglite = inject('testDatabase').driver === 'pglite';
let ctx: TestContext;
let runner: JobRunner | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'lumina-sock-'));
const backupDir = join(dataDir, 'backups');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await runner?.stop();
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const service = () =>
  createBackupService({
    dataDir,
    backupDir,
    database: ctx.database,
    databaseUrl: undefined,
    log: silent,
  });

describe.runIf(onPglite)('npm run backup while the shop runs', () => {
  it('asks the server over DATA_DIR/backup.sock, which only its owner may open', async () => {
    expect(await requestBackup(dataDir)).toBeNull();
    const backups = service();
    const socket = await startControlSocket({
      dataDir,
      backups: () => Promise.resolve(backups),
      log: () => silent,
    });
    try {
      expect(socket.problem).toBeNull();
      expect(statSync(controlSocketPath(dataDir) ?? '').mode & 0o777).toBe(0o600);
      const answer = await requestBackup(dataDir);
      expect(answer).toMatchObject({ ok: true, result: { database: 'pglite-data-dir' } });
      const file = answer?.ok ? answer.result.file : '';
      expect(readdirSync(backupDir)).toContain(file.split('/').at(-1));
      // A second server on the same folder leaves the first one's socket alone.
      const second = await startControlSocket({
        dataDir,
        backups: () => Promise.resolve(backups),
        log: () => silent,
      });
      expect(second.problem).toMatch(/another server/);
    } finally {
      await socket.close();
    }
    expect(await requestBackup(dataDir)).toBeNull();
  });
});

describe('the nightly backup', () => {
  it('is scheduled at 03:00 (São Paulo, the runner default) among the app jobs', () => {
    const { app } = ctx;
    const jobs = appJobs({
      db: ctx.database.db,
      now: () => new Date(),
      payments: app.payments,
      outbox: app.outbox,
      erp: app.erp,
      monitoring: app.monitoring,
      privacy: app.privacy,
      backups: service(),
    });
    expect(jobs.find((job) => job.name === NIGHTLY_BACKUP_JOB)?.schedule).toEqual({
      cron: '0 3 * * *',
    });
  });

  it.runIf(onPglite)('writes a backup when its job runs', async () => {
    const before = new Set(await readdir(backupDir).catch(() => []));
    runner = await startTestJobRunner({
      database: ctx.database,
      jobs: [nightlyBackupJob(service())],
    });
    await runner.send(NIGHTLY_BACKUP_JOB);
    await waitUntil(
      async () => (await readdir(backupDir)).some((name) => !before.has(name)),
      30_000,
    );
  });
});

describe('what a backup holds', () => {
  it('lists every secret file the shop generates (each readOrCreateSecretFile call)', () => {
    const callers = ['src/modules/auth/jwt-secret.ts', 'src/modules/erp/token-cipher.ts'];
    const named = callers.map(
      (path) => /export const \w+ = '([^']+)'/.exec(readFileSync(join(API_DIR, path), 'utf8'))?.[1],
    );
    expect([...SECRET_FILES].sort()).toEqual(named.sort());
    const callSites = findCalls(join(API_DIR, 'src'), 'readOrCreateSecretFile(');
    expect(callSites.sort()).toEqual([...callers, 'src/lib/secret-file.ts'].sort());
  });
});

/** Source files (tests aside) that contain `text`, relative to apps/api. */
function findCalls(dir: string, text: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    if (readFileSync(path, 'utf8').includes(text)) found.push(path.slice(API_DIR.length));
  }
  return found;
}
