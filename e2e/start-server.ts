// The server the browser tests run against: the production server (NODE_ENV=production, API and
// built web app in one process, as `npm start` runs it), on a build of the web app of its own.
//
// Why not apps/web/dist: the server reads index.html once at start, and any `npm start` or
// `npm run build` elsewhere replaces the hashed files in that shared folder. A server that is
// already running then hands out an index.html whose scripts are gone, and every later test
// fails. A private build folder, made fresh for each run, also means the tests always see the
// current sources.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverArgs, serverEnv } from '../scripts/server-command.mjs';
import { E2E_FAKE_BLING_FILE } from './tests/support/fake-bling.ts';

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

// The API as `npm start` runs it: compiled to JavaScript, under plain node, into a
// folder of its own for the same reason as the web build's.
const apiOutDir = `dist-e2e-${randomBytes(4).toString('hex')}`;
const apiBuild = spawnSync(process.execPath, ['scripts/build-api.mjs', '--outDir', apiOutDir], {
  cwd: root,
  stdio: 'inherit',
});
if (apiBuild.status !== 0) process.exit(apiBuild.status ?? 1);

const bling = await startE2eBling();
const server = spawn(process.execPath, serverArgs(apiOutDir), {
  cwd: root,
  stdio: 'inherit',
  // The browser tests load far more pages a minute from 127.0.0.1 than one shopper does; the
  // page limit's own behaviour is tested against the API.
  env: serverEnv({
    NODE_ENV: 'production',
    PAGE_RATE_LIMIT_MAX: '100000',
    // The browser tests' shop has a WhatsApp, as a real one would (a fresh start has none).
    STORE_WHATSAPP: '11987654321',
    ...process.env,
    WEB_DIST_DIR: outDir,
    ...bling.env,
  }),
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  // Playwright stops the server with SIGTERM (gracefulShutdown in the config), so this runs.
  if (ownOutDir) rmSync(outDir, { recursive: true, force: true });
  rmSync(join(root, 'apps/api', apiOutDir), { recursive: true, force: true });
  void bling.close();
  process.exit(code ?? (signal ? 1 : 0));
});

/**
 * The fake Bling a person starts with `npm run fake:bling` (its catalogue, its control server for
 * Bling's side of the stock), for the shop to connect to: the browser test connects the panel to
 * it, runs a full sync, sells a variation and changes a balance "in Bling". Bling sends the
 * browser back to this server's callback, as the shop's registered redirect URL. The control
 * server's address goes into the data folder, which the tests know (E2E_DATA_DIR).
 */
async function startE2eBling() {
  const { FAKE_SERVICES } = await import('../apps/api/scripts/fake-service.ts');
  const origin = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '3000'}`;
  const bling = FAKE_SERVICES.bling;
  if (!bling) throw new Error('apps/api/scripts/fake-service.ts lost its fake Bling');
  const fake = await bling.start({
    port: 0,
    shopUrl: origin,
    log: (line) => console.log(line),
  });
  const dataDir = process.env.DATA_DIR;
  if (dataDir) {
    writeFileSync(
      join(dataDir, E2E_FAKE_BLING_FILE),
      JSON.stringify({ controlUrl: fake.controlUrl }),
    );
  }
  return {
    close: () => fake.close(),
    env: { ...fake.settings, BLING_TOKEN_KEY: randomBytes(32).toString('hex') },
  };
}
