// `npm run build -w @lumina/web [-- --outDir DIR ...]` (apps/web's build script runs this): the browser's app into DIR (default dist),
// then the server's renderer of the storefront (src/entry-server.tsx) into DIR/ssr,
// with its dependencies bundled so it runs wherever DIR is copied. The API serves DIR but never
// DIR/ssr (http/web-app.ts).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web');
const viteBin = join(
  dirname(createRequire(join(here, 'package.json')).resolve('vite/package.json')),
  'bin/vite.js',
);
const args = process.argv.slice(2);
const at = args.indexOf('--outDir');
const outDir = resolve(here, at >= 0 ? (args[at + 1] ?? 'dist') : 'dist');
const rest = at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : args;

function vite(extra) {
  const run = spawnSync(process.execPath, [viteBin, 'build', ...extra], {
    cwd: here,
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

vite(['--outDir', outDir, ...rest]);
vite([
  '--ssr',
  'src/entry-server.tsx',
  '--outDir',
  join(outDir, 'ssr'),
  '--emptyOutDir',
  ...rest.filter((arg) => arg !== '--emptyOutDir'),
]);
