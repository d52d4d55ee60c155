#!/usr/bin/env node
// `npm start`: build the web app and compile the API when their builds are missing or older than
// their sources, then become the one production process (API under /api + the built web app) on
// PORT (default 3000) with plain node: no TypeScript loader in production (less memory, faster
// start). The compiled server runs in this very process, so no launcher stays resident beside it
// (about 47 MB) and SIGTERM, SIGINT and the exit code are the server's own.
// Node's flags and MALLOC_ARENA_MAX are read only when a process starts: package.json's `start`
// script and the production guide's service unit pass them (scripts/server-command.mjs).
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_NODE_FLAGS, serverEnv } from './server-command.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = join(root, 'apps/web/dist/index.html');
const apiEntry = join(root, 'apps/api/dist/server.js');
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
].map((p) => join(root, p));
const apiSources = [
  'apps/api/src',
  'apps/api/package.json',
  'packages/shared/src',
  'scripts/build-api.mjs',
].map((p) => join(root, p));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Whether `output` is missing or older than the newest file of `sources`. */
function isStale(output, sources) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  return builtAt < Math.max(...sources.map(newestMtime));
}

// WEB_DIST_DIR pointing elsewhere means a build the operator makes (or none: the API alone).
if (!process.env.WEB_DIST_DIR && isStale(distIndex, webSources)) {
  const builtAt = existsSync(distIndex);
  console.log(
    builtAt ? 'Web app changed since the last build: rebuilding…' : 'Building the web app…',
  );
  const build = spawnSync('npm', ['run', 'build', '-w', '@lumina/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (isStale(apiEntry, apiSources)) {
  const build = spawnSync(process.execPath, ['scripts/build-api.mjs'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Error stacks name the TypeScript files and lines, also when node was started without
// --enable-source-maps (only modules loaded from now on are mapped: the server is).
process.setSourceMapsEnabled(true);
for (const [name, value] of Object.entries(serverEnv({ NODE_ENV: 'production', ...process.env }))) {
  process.env[name] = value;
}
// With WEB_CONCURRENCY the server's workers run the compiled server directly (not this script and
// its build checks again), with the flags this process has plus the server's own.
cluster.setupPrimary({
  exec: apiEntry,
  execArgv: [...new Set([...process.execArgv, ...SERVER_NODE_FLAGS])],
});
process.chdir(root);
await import(pathToFileURL(apiEntry).href);
