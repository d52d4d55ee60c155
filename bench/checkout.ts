// Checkout benchmark: shoppers adding to the cart and placing orders against limited stock, on
// PGlite and on PostgreSQL (one and two API processes), plus the SQL statements one order runs.
// Usage: npm run bench:checkout -w @lumina/bench
//   (env BENCH_SHOPPERS, BENCH_STOCK, BENCH_SINGLE_ORDERS, BENCH_DATABASE_URL)
//   --statements-only: only the SQL statements per request, without the load cases.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { type Database, openPostgres } from '../apps/api/src/db/database.ts';
import { openPglite } from '../apps/api/src/db/pglite.ts';
import { carts } from '../apps/api/src/db/schema/carts.ts';
import { orderItems, orders } from '../apps/api/src/db/schema/orders.ts';
import { products, productVariants } from '../apps/api/src/db/schema/products.ts';
import { databaseUrl, quoteIdent, uniqueDatabaseName } from '../apps/api/src/test/postgres-url.ts';
import { checkoutBody } from '../apps/api/src/test/checkout-body.ts';
import {
  createProduct,
  firstVariantId,
  insertProducts,
} from '../apps/api/src/test/product-builder.ts';
import { createUser, signIn } from '../apps/api/src/test/user-builder.ts';
import { insertCoupon } from '../apps/api/src/test/coupon-builder.ts';
import { type ApiProcess, startApiProcess } from './lib/api-process.ts';
import {
  CHECKOUT_TARGETS,
  checkoutStatementMisses,
  checkoutMisses,
  scalesWithSecondProcess,
} from './lib/checkout-targets.ts';
import { type JsonAnswer, jsonRequest } from './lib/json-request.ts';
import { percentile } from './lib/percentile.ts';
import { withHighPriority } from './lib/priority.ts';
import { childProcesses } from './lib/proc-memory.ts';
import { type CpuSplit, formatCpuSplit, startCpuSplit } from './lib/cpu-split.ts';
import { waitForQuietMachine } from './lib/quiet-machine.ts';
import { describeRun, envNumber, runInfo, writeResult } from './lib/run-info.ts';
import {
  type CountedDatabase,
  countedPglite,
  countedPostgres,
  statementLabel,
} from './lib/statement-counter.ts';
import { textTable } from './lib/text-table.ts';

const SHOPPERS = envNumber('BENCH_SHOPPERS', 20);
const LIMITED_STOCK = envNumber('BENCH_STOCK', 400);
const SINGLE_ORDERS = envNumber('BENCH_SINGLE_ORDERS', 40);
const SINGLE_WARM_UP = 5;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// Every process verifies the sessions the benchmark opened in-process, so all share this secret.
const JWT_SECRET = 'bench-only-jwt-secret-0123456789abcdef0123';
const PLENTY_STOCK = 1_000_000;
const STATEMENTS_ONLY = process.argv.includes('--statements-only');
/** A 10 % coupon with every limit, so the counted order's claim does all its work. */
const BENCH_COUPON = 'BENCH10';

type Driver = 'pglite' | 'postgres';

const CHECKOUT_BODY = checkoutBody({ customer_state: 'SP' });

/**
 * What a shopper adds: the plentiful product is sold in three diameters, so its adds name the
 * variant (`variant_id` is required then); the limited one has a single variant and is added by
 * product alone, as the API allows for such a product.
 */
interface CartItem {
  product_id: number;
  variant_id?: number;
}

const PLENTY_DIAMETERS = ['6 mm', '8 mm', '10 mm'];

function apiConfig() {
  return loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent/lumina-web-dist',
    RATE_LIMIT_MAX: '0',
    SEED_DEMO_CATALOG: 'false',
    JWT_SECRET,
  });
}

/**
 * A migrated database with the two products and `users` customers, each with a session. The
 * plentiful product has an option (3 variants, the middle one bought); the limited one none.
 */
async function seed(database: Database, users: number) {
  await database.migrate();
  const plentySku = 'BENCH-FARTO';
  const [plentyId, limitedId] = (await insertProducts(database.db, [
    createProduct({
      name: 'Argola Estoque Farto',
      sku: plentySku,
      options: [{ name: 'Diâmetro', values: PLENTY_DIAMETERS }],
      variants: PLENTY_DIAMETERS.map((diameter) => ({
        sku: `${plentySku}-${diameter.replace(' ', '')}`,
        option_values: { Diâmetro: diameter },
        stock_quantity: PLENTY_STOCK,
      })),
      stock_quantity: PLENTY_STOCK * PLENTY_DIAMETERS.length,
    }),
    createProduct({ name: 'Argola Estoque Limitado', stock_quantity: LIMITED_STOCK }),
  ])) as [number, number];
  const plentyVariantId = await variantIdOf(database, plentyId, PLENTY_DIAMETERS[1]!);
  const plenty: CartItem = { product_id: plentyId, variant_id: plentyVariantId };
  const limited: CartItem = { product_id: limitedId };
  const app = await buildApp({ config: apiConfig(), database });
  await app.ready();
  try {
    const sessions: Record<string, string>[] = [];
    const userIds: number[] = [];
    for (let index = 0; index < users; index += 1) {
      const user = await createUser(database, { email: `bench${index}@example.com` });
      const { access_token } = await signIn(app, user);
      sessions.push({ authorization: `Bearer ${access_token}` });
      userIds.push(user.id);
    }
    return { app, plenty, limited, limitedId, sessions, userIds };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** The id of a product's variant with this diameter (the first variant when it has one). */
async function variantIdOf(database: Database, productId: number, diameter: string) {
  const [row] = await database.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.productId, productId),
        sql`${productVariants.optionValues} ->> 'Diâmetro' = ${diameter}`,
      ),
    );
  return row?.id ?? firstVariantId(database.db, productId);
}

// ---------------------------------------------------------------------------------------------
// SQL statements per request, counted at the driver in an in-process build of the API.

interface StatementCount {
  driver: Driver;
  /** A variant of a product with options, named by variant_id. */
  addToCart: string[];
  /** A product with one variant, added without variant_id. */
  addSingleVariant: string[];
  order: string[];
  /** The same order with a coupon (usage, per-customer and first-purchase limits) in the cart. */
  orderWithCoupon: string[];
}

async function countStatements(driver: Driver): Promise<StatementCount> {
  let dropDatabase = (): Promise<void> => Promise.resolve();
  let counted: CountedDatabase;
  if (driver === 'pglite') {
    counted = await countedPglite();
  } else {
    const name = await createPostgresDatabase();
    dropDatabase = () => dropPostgresDatabase(name);
    counted = countedPostgres(databaseUrl(POSTGRES_URL, name));
  }
  try {
    const { app, plenty, limited, sessions, userIds } = await seed(counted.database, 3);
    await insertCoupon(counted.database.db, {
      code: BENCH_COUPON,
      usageLimit: 1000,
      perCustomerLimit: 1,
      firstPurchaseOnly: true,
    });
    try {
      const [warm, measured, couponed] = sessions as [
        Record<string, string>,
        Record<string, string>,
        Record<string, string>,
      ];
      const add = (headers: Record<string, string>, item: CartItem = plenty) =>
        app.inject({
          method: 'POST',
          url: '/api/carts/items',
          headers,
          payload: { ...item, quantity: 1 },
        });
      const order = (headers: Record<string, string>) =>
        app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { ...headers, 'idempotency-key': randomUUID() },
          payload: CHECKOUT_BODY,
        });
      // The first order of the process pays for lazy set-up; the counted one is a customer's
      // first order in a warm process, as the web app sends it (with an Idempotency-Key).
      expectStatus(await add(warm), 201, 'warm-up add');
      expectStatus(await order(warm), 201, 'warm-up order');
      counted.reset();
      expectStatus(await add(measured), 201, 'counted add');
      const addToCart = [...counted.statements];
      counted.reset();
      expectStatus(await order(measured), 201, 'counted order');
      const placed = [...counted.statements];
      counted.reset();
      expectStatus(await add(measured, limited), 201, 'counted add without variant_id');
      const addSingleVariant = [...counted.statements];
      expectStatus(await add(couponed), 201, 'add before the order with a coupon');
      // The cart holds the code as the apply route leaves it.
      await counted.database.db
        .update(carts)
        .set({ couponCode: BENCH_COUPON })
        .where(eq(carts.userId, userIds[2]!));
      counted.reset();
      expectStatus(await order(couponed), 201, 'counted order with a coupon');
      const orderWithCoupon = [...counted.statements];
      return { driver, addToCart, addSingleVariant, order: placed, orderWithCoupon };
    } finally {
      await app.close();
    }
  } finally {
    await counted.database.close();
    await dropDatabase();
  }
}

function expectStatus(
  response: { statusCode: number; body: string },
  status: number,
  what: string,
) {
  if (response.statusCode !== status) {
    throw new Error(`${what}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
}

// ---------------------------------------------------------------------------------------------
/** An API process and, in cluster mode (WEB_CONCURRENCY), its workers: the server's CPU. */
function serverPids(api: ApiProcess): number[] {
  return [api.pid, ...childProcesses(api.pid).map((child) => child.pid)];
}

// Load: real API processes over HTTP.

interface LoadCase {
  label: string;
  driver: Driver;
  processes: 1 | 2;
}

const LOAD_CASES: LoadCase[] = [
  { label: 'PGlite, 1 process', driver: 'pglite', processes: 1 },
  { label: 'PostgreSQL, 1 process', driver: 'postgres', processes: 1 },
  { label: 'PostgreSQL, 2 workers (WEB_CONCURRENCY=2)', driver: 'postgres', processes: 2 },
];

interface LoadResult {
  label: string;
  driver: Driver;
  processes: number;
  shoppers: number;
  limitedStock: number;
  single: {
    orders: number;
    addP50Ms: number;
    addP99Ms: number;
    orderP50Ms: number;
    orderP99Ms: number;
  };
  concurrent: {
    seconds: number;
    ordersCreated: number;
    ordersPerSecond: number;
    addP50Ms: number;
    addP99Ms: number;
    orderP50Ms: number;
    orderP99Ms: number;
    refusals: number;
    unexpectedAnswers: string[];
    cores: CpuSplit;
  };
  check: { finalStock: number; unitsSold: number; ordersInDatabase: number; oversoldUnits: number };
  quietStart: boolean;
  misses: string[];
}

async function createPostgresDatabase(): Promise<string> {
  const name = uniqueDatabaseName('lumina_bench');
  const admin = openPostgres(POSTGRES_URL, { poolMax: 1 });
  try {
    await admin.db.execute(sql.raw(`CREATE DATABASE ${quoteIdent(name)}`));
  } finally {
    await admin.close();
  }
  return name;
}

async function dropPostgresDatabase(name: string): Promise<void> {
  const admin = openPostgres(POSTGRES_URL, { poolMax: 1 });
  try {
    await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
  } finally {
    await admin.close();
  }
}

/** Where the processes of one case keep their data, and how to open it from here. */
interface CaseStore {
  serverEnv: Record<string, string>;
  open(): Promise<Database>;
  remove(): Promise<void>;
}

async function caseStore(driver: Driver): Promise<CaseStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lumina-bench-checkout-'));
  if (driver === 'pglite') {
    return {
      serverEnv: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openPglite(dataDir),
      remove: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
    };
  }
  const name = await createPostgresDatabase();
  const url = databaseUrl(POSTGRES_URL, name);
  return {
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: () => Promise.resolve(openPostgres(url, { poolMax: 2 })),
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      await dropPostgresDatabase(name);
    },
  };
}

function must(answer: JsonAnswer, status: number, what: string): JsonAnswer {
  if (answer.status !== status) {
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
  }
  return answer;
}

async function singleShopper(apis: ApiProcess[], headers: Record<string, string>, item: CartItem) {
  const add: number[] = [];
  const order: number[] = [];
  for (let index = 0; index < SINGLE_WARM_UP + SINGLE_ORDERS; index += 1) {
    const api = apis[index % apis.length]!;
    const added = must(
      await jsonRequest(
        'POST',
        `${api.baseUrl}/api/carts/items`,
        { ...item, quantity: 1 },
        headers,
      ),
      201,
      'single shopper add',
    );
    const placed = must(
      await jsonRequest('POST', `${api.baseUrl}/api/orders`, CHECKOUT_BODY, {
        ...headers,
        'idempotency-key': randomUUID(),
      }),
      201,
      'single shopper order',
    );
    must(await payUntimed(api, headers, placed), 200, 'single shopper payment');
    if (index >= SINGLE_WARM_UP) {
      add.push(added.ms);
      order.push(placed.ms);
    }
  }
  return {
    orders: order.length,
    addP50Ms: percentile(add, 50),
    addP99Ms: percentile(add, 99),
    orderP50Ms: percentile(order, 50),
    orderP99Ms: percentile(order, 99),
  };
}

/**
 * Pays an order as a shopper of the sandbox shop does (the PIX page, then 'Simular pagamento'),
 * untimed: a customer may hold at most 3 unpaid orders, and the load is of buyers who pay.
 */
async function payUntimed(
  api: ApiProcess,
  headers: Record<string, string>,
  placed: JsonAnswer,
): Promise<JsonAnswer> {
  const orderId = String((placed.json.order as { id: number }).id);
  const pix = await jsonRequest(
    'POST',
    `${api.baseUrl}/api/orders/${orderId}/mercadopago_payment`,
    { payment_method: 'pix' },
    headers,
  );
  if (pix.status !== 200) return pix;
  return jsonRequest('POST', `${api.baseUrl}/api/orders/${orderId}/simulate_payment`, {}, headers);
}

const isOutOfStock = (answer: JsonAnswer): boolean =>
  answer.status === 422 && answer.json.code === 'insufficient_stock';

/** Each shopper adds one unit and orders it, again and again, until the stock refuses them. */
async function concurrentShoppers(
  apis: ApiProcess[],
  sessions: Record<string, string>[],
  productId: number,
): Promise<LoadResult['concurrent']> {
  const add: number[] = [];
  const order: number[] = [];
  const unexpected: string[] = [];
  let created = 0;
  let refusals = 0;
  const endCpu = startCpuSplit(apis.flatMap(serverPids));
  const started = performance.now();
  await Promise.all(
    sessions.map(async (headers, shopper) => {
      const api = apis[shopper % apis.length]!;
      for (;;) {
        const added = await jsonRequest(
          'POST',
          `${api.baseUrl}/api/carts/items`,
          { product_id: productId, quantity: 1 },
          headers,
        );
        add.push(added.ms);
        if (isOutOfStock(added)) return void (refusals += 1);
        if (added.status !== 201)
          return void unexpected.push(`add ${added.status} ${String(added.json.code)}`);
        const placed = await jsonRequest('POST', `${api.baseUrl}/api/orders`, CHECKOUT_BODY, {
          ...headers,
          'idempotency-key': randomUUID(),
        });
        order.push(placed.ms);
        if (isOutOfStock(placed)) return void (refusals += 1);
        if (placed.status !== 201)
          return void unexpected.push(`order ${placed.status} ${String(placed.json.code)}`);
        created += 1;
        const paid = await payUntimed(api, headers, placed);
        if (paid.status !== 200)
          return void unexpected.push(`payment ${paid.status} ${String(paid.json.code)}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1_000;
  return {
    seconds,
    ordersCreated: created,
    ordersPerSecond: created / seconds,
    addP50Ms: percentile(add, 50),
    addP99Ms: percentile(add, 99),
    orderP50Ms: percentile(order, 50),
    orderP99Ms: percentile(order, 99),
    refusals,
    unexpectedAnswers: unexpected,
    cores: endCpu(),
  };
}

/** What the database says was sold of the limited product, read after the processes stopped. */
async function checkStock(store: CaseStore, productId: number): Promise<LoadResult['check']> {
  const database = await store.open();
  try {
    const [product] = await database.db
      .select({ stock: products.stockQuantity })
      .from(products)
      .where(eq(products.id, productId));
    const [sold] = await database.db
      .select({
        units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
        orders: sql<number>`count(distinct ${orderItems.orderId})::int`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.productId, productId));
    const unitsSold = sold?.units ?? 0;
    return {
      finalStock: product?.stock ?? Number.NaN,
      unitsSold,
      ordersInDatabase: sold?.orders ?? 0,
      oversoldUnits: Math.max(0, unitsSold - LIMITED_STOCK),
    };
  } finally {
    await database.close();
  }
}

async function runCase(loadCase: LoadCase): Promise<LoadResult> {
  console.error(`· ${loadCase.label}: preparing ${SHOPPERS + 1} customers and the products`);
  const store = await caseStore(loadCase.driver);
  try {
    const seedDatabase = await store.open();
    let seeded;
    try {
      seeded = await seed(seedDatabase, SHOPPERS + 1);
      await seeded.app.close();
    } finally {
      await seedDatabase.close();
    }
    const { plenty, limitedId, sessions } = seeded;
    const apis: ApiProcess[] = [];
    let measured;
    try {
      // Two processes are the cluster mode a shop runs (WEB_CONCURRENCY on PostgreSQL):
      // one port, the primary handing connections to its workers.
      apis.push(
        await startApiProcess({
          ...store.serverEnv,
          JWT_SECRET,
          WEB_CONCURRENCY: String(loadCase.processes),
        }),
      );
      const quietStart = await waitForQuietMachine(loadCase.label);
      measured = await withHighPriority(apis.flatMap(serverPids), async () => {
        console.error(`· ${loadCase.label}: one shopper, ${SINGLE_ORDERS} orders`);
        const single = await singleShopper(apis, sessions[0]!, plenty);
        console.error(`· ${loadCase.label}: ${SHOPPERS} shoppers, ${LIMITED_STOCK} units`);
        const concurrent = await concurrentShoppers(apis, sessions.slice(1), limitedId);
        return { single, concurrent, quietStart };
      });
    } finally {
      await Promise.all(apis.map((api) => api.stop()));
    }
    const check = await checkStock(store, limitedId);
    if (check.unitsSold !== measured.concurrent.ordersCreated) {
      measured.concurrent.unexpectedAnswers.push(
        `${measured.concurrent.ordersCreated} orders answered 201 but ${check.unitsSold} units are in order items`,
      );
    }
    if (check.finalStock !== LIMITED_STOCK - check.unitsSold) {
      measured.concurrent.unexpectedAnswers.push(
        `stock ${check.finalStock} after selling ${check.unitsSold} of ${LIMITED_STOCK}`,
      );
    }
    return {
      ...loadCase,
      shoppers: SHOPPERS,
      limitedStock: LIMITED_STOCK,
      ...measured,
      check,
      misses: checkoutMisses({
        driver: loadCase.driver,
        oversoldUnits: check.oversoldUnits,
        singleAddP50Ms: measured.single.addP50Ms,
        singleOrderP50Ms: measured.single.orderP50Ms,
      }),
    };
  } finally {
    await store.remove();
  }
}

// ---------------------------------------------------------------------------------------------

function statementMisses(count: StatementCount): string[] {
  return checkoutStatementMisses({
    addToCart: Math.max(count.addToCart.length, count.addSingleVariant.length),
    order: count.order.length,
    orderWithCoupon: count.orderWithCoupon.length,
  });
}

const ms = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : '-');

function report(counts: StatementCount[], results: LoadResult[]): boolean {
  console.log('\nSQL statements per request (counted at the driver, in-process build):');
  console.log(
    textTable(
      [
        'database',
        'add (variant_id)',
        'add (one variant, no variant_id)',
        'order',
        'order with coupon',
        `add ≤ ${CHECKOUT_TARGETS.statementsPerAdd}, order ≤ ${CHECKOUT_TARGETS.statementsPerOrder}, with coupon ≤ ${CHECKOUT_TARGETS.statementsPerOrderWithCoupon}`,
      ],
      counts.map((count) => [
        count.driver,
        count.addToCart.length,
        count.addSingleVariant.length,
        count.order.length,
        count.orderWithCoupon.length,
        statementMisses(count).length ? `MISS: ${statementMisses(count).join(', ')}` : 'PASS',
      ]),
    ),
  );
  for (const count of counts) {
    console.log(`\nStatements of one add to cart (variant_id) on ${count.driver}:`);
    count.addToCart.forEach((text, index) =>
      console.log(`  ${index + 1}. ${statementLabel(text)}`),
    );
    console.log(`\nStatements of one order on ${count.driver}:`);
    count.order.forEach((text, index) => console.log(`  ${index + 1}. ${statementLabel(text)}`));
    console.log(`\nStatements of one order with a coupon on ${count.driver}:`);
    count.orderWithCoupon.forEach((text, index) =>
      console.log(`  ${index + 1}. ${statementLabel(text)}`),
    );
  }
  if (results.length === 0) return true;

  console.log(
    `\nLoad (${SHOPPERS} shoppers, ${LIMITED_STOCK} units; one shopper: ${SINGLE_ORDERS} orders):`,
  );
  console.log(
    textTable(
      [
        'case',
        'orders/s',
        'add p50/p99',
        'order p50/p99',
        '1 shopper add p50',
        '1 shopper order p50',
        'oversold',
        'cores api/pg/bench/other',
        'verdict',
      ],
      results.map((r) => [
        r.label,
        r.concurrent.ordersPerSecond.toFixed(1),
        `${ms(r.concurrent.addP50Ms)}/${ms(r.concurrent.addP99Ms)} ms`,
        `${ms(r.concurrent.orderP50Ms)}/${ms(r.concurrent.orderP99Ms)} ms`,
        `${ms(r.single.addP50Ms)} ms`,
        `${ms(r.single.orderP50Ms)} ms`,
        r.check.oversoldUnits,
        formatCpuSplit(r.concurrent.cores),
        r.misses.length ? `MISS: ${r.misses.join(', ')}` : 'PASS',
      ]),
    ),
  );
  let trustworthy = true;
  for (const r of results) {
    for (const problem of r.concurrent.unexpectedAnswers) {
      console.error(`  ${r.label}: ${problem}`);
      trustworthy = false;
    }
    if (!r.quietStart) console.error(`  ${r.label}: the machine was busy when it started`);
  }
  const one = results.find((r) => r.driver === 'postgres' && r.processes === 1);
  const two = results.find((r) => r.driver === 'postgres' && r.processes === 2);
  if (one && two) {
    const ratio = two.concurrent.ordersPerSecond / one.concurrent.ordersPerSecond;
    const verdict = scalesWithSecondProcess(
      one.concurrent.ordersPerSecond,
      two.concurrent.ordersPerSecond,
    );
    console.log(
      `\nSecond API process on PostgreSQL: × ${ratio.toFixed(2)} orders/s: ${verdict ? 'PASS' : 'MISS'}`,
    );
  }
  return trustworthy;
}

const info = runInfo();
console.log(`Checkout benchmark · ${describeRun(info)}`);
const counts: StatementCount[] = [];
for (const driver of ['pglite', 'postgres'] as const) {
  console.error(`· counting statements on ${driver}`);
  counts.push(await countStatements(driver));
}
const results: LoadResult[] = [];
if (!STATEMENTS_ONLY) for (const loadCase of LOAD_CASES) results.push(await runCase(loadCase));
const trustworthy = report(counts, results);
if (STATEMENTS_ONLY) {
  if (counts.some((count) => statementMisses(count).length > 0)) process.exitCode = 1;
} else {
  const file = writeResult('checkout', { info, counts, results });
  console.log(`\nResults written to ${file}`);
}
// Unexpected answers (5xx, 409…) or a sold count the database disagrees with: not a measurement.
if (!trustworthy) process.exitCode = 1;
