// `npm run backup` and `npm run restore` as an owner runs them, on a stopped shop's folder.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../paths.ts';
import { restorePgliteDataDir } from './database-copy.ts';

const template = inject('testDatabase');
const root = mkdtempSync(join(tmpdir(), 'lumina-cmd-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(script: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, `apps/api/scripts/${script}.ts`), ...args],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      // Only what the commands read: no DATABASE_URL from the test run's environment.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      timeout: 60_000,
    },
  );
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

describe.runIf(template.driver === 'pglite')('npm run backup and npm run restore', () => {
  it('back a stopped shop up, refuse its own folder as a target, restore into a new one', async () => {
    const shop = join(root, 'data');
    await restorePgliteDataDir(
      readFileSync(template.driver === 'pglite' ? template.snapshotPath : ''),
      join(shop, 'pglite'),
    );
    const backup = run('backup', { DATA_DIR: shop });
    expect(backup.out).toMatch(/com a loja parada, o backup leu o banco direto/);
    expect(backup.status, backup.out).toBe(0);
    const [file] = readdirSync(join(shop, 'backups'));
    const archive = join(shop, 'backups', file ?? '');

    const refused = run('restore', { DATA_DIR: shop }, [archive]);
    expect(refused.status).toBe(1);
    expect(refused.out).toMatch(/A pasta de dados .* não está vazia/);

    const restored = run('restore', { DATA_DIR: join(root, 'restaurado') }, [archive]);
    expect(restored.status, restored.out).toBe(0);
    expect(restored.out).toMatch(/SHA-256 ok.*\n.*0 pedidos/);

    const usage = run('restore', { DATA_DIR: join(root, 'outro') });
    expect(usage.status).toBe(1);
    expect(usage.out).toMatch(/^Uso: DATA_DIR=<pasta vazia> npm run restore/);
  }, 120_000);
});
