import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onExit } from './cleanup.ts';
import { freePort } from './free-port.ts';
import { spawnManaged } from './managed-child.ts';
import { REPO_ROOT } from './repo-root.ts';

const STARTUP_TIMEOUT_MS = 30_000;

export interface BareRouteSpec {
  path: string;
  body: Buffer;
  contentType: string;
}

export interface BareServer {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts bench/lib/bare-server.ts in its own process (same node, same tsx loader as the API). */
export async function startBareServer(routes: BareRouteSpec[]): Promise<BareServer> {
  const port = await freePort();
  const bodiesDir = mkdtempSync(join(tmpdir(), 'lumina-bench-bare-'));
  const removeBodies = (): void => rmSync(bodiesDir, { recursive: true, force: true });
  const unregisterRemoval = onExit(removeBodies);
  const specs = routes.map((route, index) => {
    const file = join(bodiesDir, `body-${index}`);
    writeFileSync(file, route.body);
    return { path: route.path, file, contentType: route.contentType };
  });

  const server = spawnManaged(process.execPath, ['--import', 'tsx', 'bench/lib/bare-server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BARE_PORT: String(port),
      BARE_ROUTES: JSON.stringify(specs),
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    await server.stop();
    removeBodies();
    unregisterRemoval();
  };

  const firstPath = specs[0]?.path ?? '/';
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (server.hasExited() || Date.now() > deadline) {
      await stop();
      throw new Error(`The bare Fastify server did not start:\n${server.outputTail()}`);
    }
    try {
      const response = await fetch(baseUrl + firstPath, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl, pid: server.pid, stop };
}
