// The last units sold across two real API processes sharing one PostgreSQL server: what in-process
// `inject` tests cannot show, since there every request shares one pool and one event loop.
// Runs only in `npm run test:pg` (a template database on the server); skipped on PGlite, which one
// process at a time may open.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPostgres } from '../../db/database.ts';
import { orderItems } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { registerUser } from '../../test/accounts.ts';
import { databaseUrl, quoteIdent, uniqueDatabaseName } from '../../test/postgres-url.ts';
import { checkoutBody } from '../../test/checkout-body.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';

const BUYERS = 30;
const UNITS = 10;
const PRODUCT_NAME = 'Argola Última Peça';
const API_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const STARTUP_TIMEOUT_MS = 90_000;

const template = inject('testDatabase');

interface ApiProcess {
  baseUrl: string;
  child: ChildProcess;
  output: string[];
  dataDir: string;
}

const started: ApiProcess[] = [];

// A crashed or killed test worker must not leave API servers listening.
const killAll = (): void => {
  for (const api of started) api.child.kill('SIGKILL');
};
process.once('exit', killAll);

function freePort(): Promise<number> {
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

/** `apps/api/src/server.ts` as production runs it, on its own port and data folder. */
async function startApi(url: string): Promise<ApiProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lumina-race-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SEED_DEMO_CATALOG: 'false',
      WEB_DIST_DIR: '/nonexistent/lumina-web-dist',
      // The same secret in both: a session opened on one process is used on the other.
      JWT_SECRET: 'race-test-only-jwt-secret-0123456789abcdef',
      // Each buyer sends its own X-Forwarded-For, so 30 sign-ups from 127.0.0.1 are not throttled.
      TRUST_PROXY: 'true',
      RATE_LIMIT_MAX: '0',
    },
  });
  const api: ApiProcess = { baseUrl: `http://127.0.0.1:${port}`, child, output: [], dataDir };
  started.push(api);
  const keep = (chunk: Buffer): void => {
    api.output.push(chunk.toString('utf8'));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitForHealth(api);
  return api;
}

async function waitForHealth(api: ApiProcess): Promise<void> {
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

async function stopApi(api: ApiProcess): Promise<void> {
  const { child } = api;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(api.dataDir, { recursive: true, force: true });
}

async function call(
  api: ApiProcess,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(api.baseUrl + path, {
    method,
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify(options.body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe.skipIf(template.driver !== 'postgres')(
  'last units across two API processes on PostgreSQL',
  () => {
    let serverUrl = '';
    let name = '';
    let database: Database | undefined;
    let productId = 0;
    let apis: ApiProcess[] = [];

    beforeAll(async () => {
      if (template.driver !== 'postgres') return;
      serverUrl = template.serverUrl;
      name = uniqueDatabaseName('lumina_race');
      const admin = openPostgres(serverUrl, { poolMax: 1 });
      try {
        await admin.db.execute(
          sql.raw(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template.template)}`),
        );
      } finally {
        await admin.close();
      }
      const url = databaseUrl(serverUrl, name);
      database = openPostgres(url, { poolMax: 2 });
      [productId] = (await insertProducts(database.db, [
        createProduct({ name: PRODUCT_NAME, stock_quantity: UNITS }),
      ])) as [number];
      // Both at once on a fresh database: they must take turns installing pg-boss's schema
      // (withInstallLock); before that lock one of them exited on a duplicate pg_namespace key.
      apis = await Promise.all([startApi(url), startApi(url)]);
    }, 2 * STARTUP_TIMEOUT_MS);

    afterAll(async () => {
      await Promise.all(started.map(stopApi));
      started.length = 0;
      await database?.close();
      if (name) {
        const admin = openPostgres(serverUrl, { poolMax: 1 });
        await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
        await admin.close();
      }
    }, 60_000);

    async function stockNow(): Promise<number> {
      const [row] = await database!.db
        .select({ stock: products.stockQuantity })
        .from(products)
        .where(eq(products.id, productId));
      return row?.stock ?? Number.NaN;
    }

    it(`sells ${UNITS} units to ${BUYERS} buyers sending their orders at once`, async () => {
      const via = (index: number): ApiProcess => apis[index % 2]!;
      const buyers = await Promise.all(
        Array.from({ length: BUYERS }, async (_, index) => {
          const registered = await call(via(index), 'POST', '/api/users/register', {
            body: { user: registerUser({ email: `corrida${index}@example.com` }) },
            headers: { 'x-forwarded-for': `198.51.100.${index + 1}` },
          });
          expect(registered.status, JSON.stringify(registered.json)).toBe(201);
          return { authorization: `Bearer ${String(registered.json.access_token)}` };
        }),
      );
      // Carts filled through the other process than the one each buyer registered on.
      for (const [index, headers] of buyers.entries()) {
        const added = await call(via(index + 1), 'POST', '/api/carts/items', {
          body: { product_id: productId, quantity: 1 },
          headers,
        });
        expect(added.status, JSON.stringify(added.json)).toBe(201);
      }

      const observed: number[] = [];
      let racing = true;
      const watcher = (async () => {
        while (racing) observed.push(await stockNow());
      })();
      const answers = await Promise.all(
        buyers.map((headers, index) =>
          call(via(index), 'POST', '/api/orders', {
            body: checkoutBody(),
            headers: { ...headers, 'idempotency-key': randomUUID() },
          }),
        ),
      );
      racing = false;
      await watcher;

      const created = answers.filter((answer) => answer.status === 201);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(created).toHaveLength(UNITS);
      expect(refused).toHaveLength(BUYERS - UNITS);
      for (const answer of refused) {
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.json.message).toBe(
          `Estoque insuficiente para "${PRODUCT_NAME}": restam 0 unidades.`,
        );
      }
      expect(Math.min(...observed)).toBeGreaterThanOrEqual(0);
      expect(await stockNow()).toBe(0);
      const [sold] = await database!.db
        .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
        .from(orderItems)
        .where(eq(orderItems.productId, productId));
      expect(sold?.units).toBe(UNITS);
    }, 120_000);
  },
);
