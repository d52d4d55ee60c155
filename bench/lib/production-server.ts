import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onExit } from './cleanup.ts';
import { freePort } from './free-port.ts';
import { spawnManaged } from './managed-child.ts';
import { childProcesses } from './proc-memory.ts';
import { REPO_ROOT } from './repo-root.ts';

/** start.mjs may first rebuild the web app (about a minute on 2 cores), so be generous. */
const STARTUP_TIMEOUT_MS = 300_000;

export interface ProductionServer {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** Pid of the node process that serves HTTP (the child of start.mjs). */
  servingPid: number;
  stop(): Promise<void>;
}

/**
 * Starts the store exactly as `npm start` does (node scripts/start.mjs: rebuild the web app if it is
 * stale, compile the API, then run apps/api/dist/server.js with NODE_ENV=production), on a free port, bound to
 * 127.0.0.1, with a fresh data folder (so a fresh embedded database with the demo catalogue), or
 * on the PostgreSQL database `databaseUrl` names.
 */
export async function startProductionServer(
  options: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<ProductionServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lumina-bench-'));
  const removeDataDir = (): void => rmSync(dataDir, { recursive: true, force: true });
  const unregisterRemoval = onExit(removeDataDir);

  let servingPid: number | undefined;
  const launcher = spawnManaged(
    process.execPath,
    ['scripts/start.mjs'],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
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

/** start.mjs spawns `node … apps/api/dist/server.js`; that child is the one to measure. */
function findServingPid(launcherPid: number): number {
  const server = childProcesses(launcherPid).find(({ cmdline }) =>
    cmdline.includes('apps/api/dist/server.js'),
  );
  // If start.mjs ever serves in-process, the launcher itself is the server.
  return server?.pid ?? launcherPid;
}
