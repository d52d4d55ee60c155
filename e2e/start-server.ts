// The server the browser tests run against: the production server (NODE_ENV=production, API and
// built web app in one process, as `npm start` runs it), on a build of the web app of its own.
//
// Why not apps/web/dist: the server reads index.html once at start, and any `npm start` or
// `npm run build` elsewhere replaces the hashed files in that shared folder. A server that is
// already running then hands out an index.html whose scripts are gone, and every later test
// fails. A private build folder, made fresh for each run, also means the tests always see the
// current sources.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ownOutDir = !process.env.E2E_WEB_DIST;
const outDir = process.env.E2E_WEB_DIST ?? mkdtempSync(join(tmpdir(), 'lumina-e2e-web-'));

console.log(`Building the web app into ${outDir}`);
const build = spawnSync(
  'npm',
  [
    'run',
    'build',
    '-w',
    '@lumina/web',
    '--',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ],
  { cwd: root, stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env, WEB_DIST_DIR: outDir },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  // Playwright stops the server with SIGTERM (gracefulShutdown in the config), so this runs.
  if (ownOutDir) rmSync(outDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
