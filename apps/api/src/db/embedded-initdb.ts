import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { API_DIR } from '../paths.ts';

/** Whether DATA_DIR/pglite holds no database yet (initdb writes PG_VERSION first). */
export function needsNewEmbeddedDatabase(dataDir: string): boolean {
  return !existsSync(join(dataDir, 'pglite', 'PG_VERSION'));
}

/**
 * PGlite's initdb runs in a second WebAssembly instance whose memory (about 600 MB, measured)
 * stays in the process until a full garbage collection that may never come: run it in a
 * short-lived node process instead, whose memory goes back to the system when it exits. The
 * server then opens the database initdb left, migrates and seeds it as on any start.
 */
export function createEmbeddedDatabaseInChild(dataDir: string): Promise<void> {
  // PGlite makes its own folder but not its parents: a fresh clone has no data/ yet.
  mkdirSync(dataDir, { recursive: true });
  const script = [
    "import { PGlite } from '@electric-sql/pglite';",
    'const db = await PGlite.create({ dataDir: process.env.LUMINA_PGLITE_DIR });',
    'await db.close();',
  ].join('\n');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '--eval', script], {
      // Where @electric-sql/pglite resolves from, as for the server.
      cwd: API_DIR,
      stdio: 'inherit',
      env: { ...process.env, LUMINA_PGLITE_DIR: join(dataDir, 'pglite') },
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`creating the embedded database failed (${signal ?? `exit ${code}`})`));
    });
  });
}
