import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './repo-root.ts';

/**
 * The browser benchmarks measure the production build. When there is none yet, build it once;
 * start.mjs rebuilds by itself when the sources are newer than the build.
 */
export function ensureWebBuild(): void {
  if (existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'))) return;
  console.error('apps/web/dist is missing: npm run build -w @lumina/web');
  const build = spawnSync('npm', ['run', 'build', '-w', '@lumina/web'], {
    cwd: REPO_ROOT,
    // Build output goes to stderr so that stdout keeps only the results.
    stdio: ['ignore', 2, 2],
    timeout: 300_000,
  });
  if (build.status !== 0)
    throw new Error(`The web build failed (exit ${build.status ?? 'timeout'})`);
}
