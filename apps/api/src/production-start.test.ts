// `npm start` (scripts/start.mjs) runs the compiled API under plain node (less memory, a faster
// start): no TypeScript loader and no esbuild service in the production process or beside it, and
// no launcher either: after its checks start.mjs is the server.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, serverEnv } from '../../../scripts/server-command.mjs';
import { REPO_ROOT } from './paths.ts';
import { freePort, STARTUP_TIMEOUT_MS, waitForHealth } from './test/api-process.ts';
import { childrenOf } from './test/processes.ts';

const commandLine = (pid: number): string[] =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

let launcher: ChildProcess | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'lumina-start-'));
const webDir = mkdtempSync(join(tmpdir(), 'lumina-no-web-'));

afterAll(async () => {
  if (launcher && launcher.exitCode === null) {
    const exited = new Promise((resolve) => launcher?.once('exit', resolve));
    launcher.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webDir, { recursive: true, force: true });
});

describe('the start script', () => {
  it('gives node the server flags and MALLOC_ARENA_MAX, and hands the shell over to it', () => {
    // Both act only from a process's start, so npm's script sets them before start.mjs runs.
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const arenas = serverEnv({}).MALLOC_ARENA_MAX;
    expect(manifest.scripts.start).toBe(
      `MALLOC_ARENA_MAX=\${MALLOC_ARENA_MAX:-${arenas}} exec node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`,
    );
  });
});

describe.runIf(process.platform === 'linux')('npm start', () => {
  it(
    'serves in one node process from JavaScript compiled to apps/api/dist, with no loader, and drains on SIGTERM',
    async () => {
      const port = await freePort();
      const output: string[] = [];
      launcher = spawn('npm', ['start'], {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          HOST: '127.0.0.1',
          PORT: String(port),
          // A folder that does not exist yet, as data/ in a fresh clone.
          DATA_DIR: join(dataDir, 'data'),
          // An empty build folder: the API alone, and no web build for this test to wait for.
          WEB_DIST_DIR: webDir,
          SEED_DEMO_CATALOG: 'false',
          LOG_LEVEL: 'info',
          TRUST_PROXY: '127.0.0.1',
        },
      });
      launcher.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
      launcher.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));

      await waitForHealth({ baseUrl: `http://127.0.0.1:${port}`, child: launcher, output });

      // npm's one child is start.mjs itself (the shell exec'd it), with the server's flags…
      const [server, ...others] = childrenOf(launcher.pid ?? 0);
      expect(others).toEqual([]);
      const argv = commandLine(server ?? 0);
      expect(argv).toEqual(['node', ...SERVER_NODE_FLAGS, 'scripts/start.mjs']);
      const environment = readFileSync(`/proc/${server}/environ`, 'utf8');
      expect(environment).not.toMatch(/NODE_OPTIONS=[^\0]*(tsx|loader|import)/);
      // glibc's malloc kept to 2 arenas (scripts/server-command.mjs): a few MB less resident.
      expect(environment.split('\0')).toContain('MALLOC_ARENA_MAX=2');
      // …and it serves: no server child, no esbuild service (tsx starts one), no other process.
      expect(childrenOf(server ?? 0).map((pid) => commandLine(pid).join(' '))).toEqual([]);
      const logs = output
        .join('')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; pid?: number });
      expect(logs.find((line) => line.msg === 'started')?.pid).toBe(server);
      // The start says whose X-Forwarded-For it believes.
      expect(output.join('')).toContain(
        'TRUST_PROXY: X-Forwarded-For is read only from connections from 127.0.0.1',
      );

      // systemd's stop: SIGTERM to the server, which finishes its requests and exits with 0.
      const exited = new Promise<number | null>((resolve) => launcher?.once('exit', resolve));
      process.kill(server ?? 0, 'SIGTERM');
      expect(await exited).toBe(0);
      expect(output.join('')).toContain('shutting down: finishing requests in flight');
    },
    STARTUP_TIMEOUT_MS + 30_000,
  );

  it.each([
    [
      'a shop on a public http address with no payment set-up',
      { APP_URL: 'http://loja.example.com' },
      ['PIX_KEY', 'PAYMENT_PROVIDER=mercadopago', 'PAYMENTS_SANDBOX=true'],
    ],
    [
      'TRUST_PROXY=true',
      { TRUST_PROXY: 'true' },
      ['TRUST_PROXY: true would trust every address', 'TRUST_PROXY=1'],
    ],
  ])(
    'refuses to start %s, saying what to set',
    async (_case, env, named) => {
      const output: string[] = [];
      const child = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH,
          HOST: '127.0.0.1',
          PORT: String(await freePort()),
          DATA_DIR: join(dataDir, 'refused'),
          WEB_DIST_DIR: webDir,
          SEED_DEMO_CATALOG: 'false',
          ...env,
        },
      });
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      // A start that is not refused would listen for good: stopped after a while, and failed.
      const stop = setTimeout(() => child.kill('SIGTERM'), 20_000);
      const code = await exited.finally(() => clearTimeout(stop));
      expect(code).not.toBe(0);
      for (const name of named) expect(output.join('')).toContain(name);
    },
    STARTUP_TIMEOUT_MS,
  );
});
