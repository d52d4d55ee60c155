#!/usr/bin/env node
// The API integration tests once more against a PostgreSQL server (each run in a fresh database).
// Uses TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; skips with a note when no
// server answers (CI always has one).
import { spawnSync } from 'node:child_process';
import net from 'node:net';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const { hostname, port } = new URL(url);

const reachable = await new Promise((resolve) => {
  const socket = net.connect({ host: hostname, port: Number(port || 5432) });
  socket.setTimeout(2000);
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => (socket.destroy(), resolve(false)));
});
if (!reachable) {
  console.log(`PostgreSQL at ${hostname}:${port || 5432} does not answer: PostgreSQL run skipped.`);
  process.exit(process.env.CI ? 1 : 0);
}
const run = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
