import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onExit } from './cleanup.ts';
import { freePort } from './free-port.ts';
import { spawnManaged } from './managed-child.ts';
import { SERVER_NODE_FLAGS, serverEnv } from '../../scripts/server-command.mjs';
import { processTree } from './proc-memory.ts';
import { REPO_ROOT } from './repo-root.ts';

/** start.mjs may first rebuild the web app (about a minute on 2 cores), so be generous. */
const STARTUP_TIMEOUT_MS = 300_000;

export interface ProductionServer {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** Pid of the node process that serves HTTP (start.mjs, which loads the compiled server). */
  servingPid: number;
  /** Pid of the process this launched: the server itself, or npm for `launch: 'npm'`. */
  launcherPid: number;
  stop(): Promise<void>;
}

/**
 * How to start it: `node` as the production guide's service unit does (`node <the server's flags>
 * scripts/start.mjs` with MALLOC_ARENA_MAX=2, the process that serves), or `npm` (`npm start`,
 * whose script runs the same command, npm staying resident as its parent).
 */
export type Launch = 'node' | 'npm';

/**
 * Starts the store as the production guide does (scripts/start.mjs: rebuild the web app if it is
 * stale, compile the API, then load apps/api/dist/server.js with NODE_ENV=production), on a free
 * port, bound to 127.0.0.1, with a fresh data folder (so a fresh embedded database with the demo
 * catalogue), or on the PostgreSQL database `databaseUrl` names.
 */
export async function startProductionServer(
  options: { databaseUrl?: string; env?: Record<string, string>; launch?: Launch } = {},
): Promise<ProductionServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lumina-bench-'));
  const removeDataDir = (): void => rmSync(dataDir, { recursive: true, force: true });
  const unregisterRemoval = onExit(removeDataDir);

  let servingPid: number | undefined;
  const [command, args] =
    options.launch === 'npm'
      ? ['npm', ['start']]
      : [process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs']];
  const launcher = spawnManaged(
    command,
    args,
    {
      cwd: REPO_ROOT,
      env: {
        ...(options.launch === 'npm' ? process.env : serverEnv(process.env)),
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // The embedded database unless the caller names one, whatever the caller's shell has.
        DATABASE_URL: options.databaseUrl ?? '',
        // One client sends thousands of requests a second: keep the per-IP limiter registered (its
        // cost is part of what is measured) but out of reach, else the runs would measure 429s.
        RATE_LIMIT_MAX: '1000000000',
        PAGE_RATE_LIMIT_MAX: '1000000000',
        ...options.env,
      },
    },
    () => (servingPid === undefined ? [] : [servingPid]),
  );
  const baseUrl = `http://127.0.0.1:${port}`;

  try {
    await waitForHealth(baseUrl, () => launcher.hasExited());
    servingPid = findServingPid(launcher.pid);
  } catch (error) {
    await launcher.stop();
    removeDataDir();
    unregisterRemoval();
    throw new Error(
      `The production server did not become healthy: ${(error as Error).message}\n` +
        `--- last server output ---\n${launcher.outputTail()}`,
    );
  }

  return {
    baseUrl,
    servingPid,
    launcherPid: launcher.pid,
    async stop() {
      await launcher.stop();
      removeDataDir();
      unregisterRemoval();
    },
  };
}

async function waitForHealth(baseUrl: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited()) throw new Error('the server process exited');
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      lastProblem = `GET /api/health answered ${response.status}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out after ${STARTUP_TIMEOUT_MS / 1000} s (${lastProblem})`);
}

/** The process running start.mjs (which serves): the launcher itself, or npm's child. */
function findServingPid(launcherPid: number): number {
  const server = processTree(launcherPid).find(({ cmdline }) =>
    cmdline.includes('scripts/start.mjs'),
  );
  if (!server) throw new Error(`no scripts/start.mjs process under pid ${launcherPid}`);
  return server.pid;
}
