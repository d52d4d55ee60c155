// Real API processes (the compiled server, as `npm start` runs it) for tests that need what
// in-process `inject` cannot show: several processes on one PostgreSQL, or a process killed.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { serverArgs, serverEnv } from '../../../../scripts/server-command.mjs';
import { openPostgres } from '../db/database.ts';
import { REPO_ROOT } from '../paths.ts';
import { databaseUrl, quoteIdent, uniqueDatabaseName } from './postgres-url.ts';

export const STARTUP_TIMEOUT_MS = 90_000;

export interface ApiProcess {
  baseUrl: string;
  child: ChildProcess;
  output: string[];
  dataDir: string;
}

const started = new Set<ApiProcess>();

// A crashed or killed test worker must not leave API servers listening.
process.once('exit', () => {
  for (const api of started) api.child.kill('SIGKILL');
});

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no port assigned'))));
    });
  });
}

/** Waits until the process at `baseUrl` answers /api/health; throws with its output if it never does. */
export async function waitForHealth(
  api: Pick<ApiProcess, 'baseUrl' | 'child' | 'output'>,
): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (api.child.exitCode !== null) break;
    try {
      const response = await fetch(`${api.baseUrl}/api/health`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`API at ${api.baseUrl} did not become healthy:\n${api.output.join('')}`);
}

/**
 * Starts the server on its own port and data folder against the PostgreSQL at `url`: the run's
 * compiled API (global-setup.ts) under plain node, with production's flags. Under tsx, every
 * process would also start an esbuild service, a child process of its own, and take seconds more.
 */
export async function startApi(url: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const template = inject('testDatabase');
  if (template.driver !== 'postgres') throw new Error('API processes need TEST_DATABASE_URL');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lumina-api-'));
  const child = spawn(process.execPath, serverArgs(template.compiledApi), {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: serverEnv({
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SEED_DEMO_CATALOG: 'false',
      WEB_DIST_DIR: '/nonexistent/lumina-web-dist',
      // The same secret in every process: a session opened on one is used on another.
      JWT_SECRET: 'process-test-only-jwt-secret-0123456789abcdef',
      RATE_LIMIT_MAX: '0',
      ...env,
    }),
  });
  const api: ApiProcess = { baseUrl: `http://127.0.0.1:${port}`, child, output: [], dataDir };
  started.add(api);
  const keep = (chunk: Buffer): void => {
    api.output.push(chunk.toString('utf8'));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitForHealth(api);
  return api;
}

/** SIGTERM and a wait (SIGKILL after 12 s); `kill: true` is a crash: SIGKILL at once. */
export async function stopApi(api: ApiProcess, options: { kill?: boolean } = {}): Promise<void> {
  const { child } = api;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(options.kill ? 'SIGKILL' : 'SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
    await exited;
    clearTimeout(timer);
  }
  started.delete(api);
  rmSync(api.dataDir, { recursive: true, force: true });
}

export async function stopAllApis(): Promise<void> {
  await Promise.all([...started].map((api) => stopApi(api)));
}

/** JSON over real HTTP to one process. */
export async function callApi(
  api: ApiProcess,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(api.baseUrl + path, {
    method,
    headers: {
      // Fastify refuses a JSON content type with an empty body (a DELETE): sent with a body only.
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A database of its own on the server, copied from the run's migrated template. */
export async function createDatabaseFromTemplate(
  serverUrl: string,
  template: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = uniqueDatabaseName(prefix);
  const admin = openPostgres(serverUrl, { poolMax: 1 });
  try {
    await admin.db.execute(
      sql.raw(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`),
    );
  } finally {
    await admin.close();
  }
  return {
    url: databaseUrl(serverUrl, name),
    async drop() {
      const owner = openPostgres(serverUrl, { poolMax: 1 });
      try {
        await owner.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
      } finally {
        await owner.close();
      }
    },
  };
}
