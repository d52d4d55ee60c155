import { spawnSync } from 'node:child_process';
import { serverArgs, serverEnv } from '../../scripts/server-command.mjs';
import { freePort } from './free-port.ts';
import { type ManagedChild, spawnManaged } from './managed-child.ts';
import { REPO_ROOT } from './repo-root.ts';

const STARTUP_TIMEOUT_MS = 120_000;

export interface ApiProcess {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

let compiled = false;

/** The API compiled to apps/api/dist from the current sources, once per benchmark run. */
function compileApi(): void {
  if (compiled) return;
  const build = spawnSync(process.execPath, ['scripts/build-api.mjs'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('compiling the API failed (scripts/build-api.mjs)');
  compiled = true;
}

/**
 * The compiled API alone (apps/api/dist/server.js under node with `npm start`'s flags; no web
 * build, no start.mjs), NODE_ENV=production, on a free port of 127.0.0.1, with the caller's
 * database settings; stopped on any exit of the benchmark.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  compileApi();
  const port = await freePort();
  const child: ManagedChild = spawnManaged(process.execPath, serverArgs(), {
    cwd: REPO_ROOT,
    env: serverEnv({
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO_CATALOG: 'false',
      WEB_DIST_DIR: '/nonexistent/lumina-web-dist',
      // Out of reach, but registered: its cost is part of every request, as in production.
      RATE_LIMIT_MAX: '1000000000',
      ...env,
    }),
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.hasExited() || Date.now() > deadline) {
      await child.stop();
      throw new Error(`The API at ${baseUrl} did not start:\n${child.outputTail()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseUrl, pid: child.pid, stop: () => child.stop() };
}
