// Admin product table benchmark: GET /api/admin/products on PostgreSQL with 5,000 products and
// their 20,000 variants (each row of the table carries its product's variants), one request at a time, p50/p99 per filtered, sorted page, and the plan PostgreSQL runs for each.
// Usage: npm run bench:admin-products -w @lumina/bench
//   (env BENCH_PRODUCTS, BENCH_ADMIN_REQUESTS, BENCH_ADMIN_WARMUP, BENCH_DATABASE_URL)
import {
  ADMIN_PRODUCTS_PER_PAGE,
  adminProductListQuerySchema,
} from '../packages/shared/src/admin/admin-products.ts';
import type { Database } from '../apps/api/src/db/database.ts';
import { poolOf } from '../apps/api/src/jobs/pg-boss-db.ts';
import { createAdminCatalogQueries } from '../apps/api/src/modules/admin/catalog/queries.ts';
import {
  ADMIN_PRODUCTS_TARGETS,
  type AdminProductsPage,
  adminProductsMisses,
  adminProductsPath,
  isExpectedPage,
} from './lib/admin-products-targets.ts';
import {
  type AdminApi,
  reportCaseHealth,
  timeRequests,
  withAdminApi,
} from './lib/admin-api-bench.ts';
import { SEED_FILTER_SHARES, seedCatalogue, seedVariantCount } from './lib/admin-products-seed.ts';
import { type CpuSplit, formatCpuSplit } from './lib/cpu-split.ts';
import { explainRead, type PlanFigures } from './lib/explain-statement.ts';
import { jsonRequest } from './lib/json-request.ts';
import { must } from './lib/must.ts';
import { percentile } from './lib/percentile.ts';
import { boostedNice } from './lib/priority.ts';
import { describeRun, envNumber, runInfo, writeResult } from './lib/run-info.ts';
import { ms, textTable } from './lib/text-table.ts';

const PRODUCTS = envNumber('BENCH_PRODUCTS', 5_000);
const REQUESTS = envNumber('BENCH_ADMIN_REQUESTS', 300);
const WARM_UP = envNumber('BENCH_ADMIN_WARMUP', 50);
/** EXPLAIN ANALYZE runs per case; the median execution time is reported. */
const EXPLAIN_RUNS = 20;
const ADMIN_EMAIL = 'bench-admin@example.com';
const ADMIN_PASSWORD = 'BenchAdminSenha2026!';

interface Case {
  label: string;
  page: AdminProductsPage;
}

const CASES: Case[] = [
  {
    label: 'local, price desc, page 3',
    page: { filter: 'local', sort: 'price', direction: 'desc', page: 3 },
  },
  {
    label: 'all, name asc, search 2 words',
    page: { filter: 'all', sort: 'name', direction: 'asc', q: 'argola titânio', page: 1 },
  },
  {
    label: 'pending, category asc',
    page: { filter: 'pending', sort: 'category', direction: 'asc', page: 1 },
  },
  {
    label: 'all, id desc (panel opens)',
    page: { filter: 'all', sort: 'id', direction: 'desc', page: 1 },
  },
  {
    label: 'all, SKU search',
    page: { filter: 'all', sort: 'id', direction: 'desc', q: 'LUM-04321', page: 1 },
  },
  {
    label: 'failed, name desc, page 40',
    page: { filter: 'failed', sort: 'name', direction: 'desc', page: 40 },
  },
];

interface CaseResult {
  label: string;
  path: string;
  total: number;
  rows: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
  wrongAnswers: string[];
  cores: CpuSplit;
  quietStart: boolean;
  sql: PlanFigures & { statement: string };
  misses: string[];
}

const VARIANTS = seedVariantCount(PRODUCTS);

/**
 * Seeds the products and variants the API's migrations made room for; returns how many each
 * filter holds (and `variants`, the live variants written).
 */
async function seedProducts(database: Database): Promise<Record<string, number>> {
  await seedCatalogue(database, PRODUCTS, { blingLinks: true });
  const pool = poolOf(database);
  must(pool, 'openPostgres returned no pg.Pool');
  const variants = await pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM product_variants WHERE retired_at IS NULL',
  );
  must(
    variants.rows[0]?.count === VARIANTS,
    `expected ${VARIANTS} variants, found ${variants.rows[0]?.count}`,
  );
  const counts = await pool.query<Record<string, number>>(`SELECT
      count(*)::int AS "all",
      count(*) FILTER (WHERE l.bling_id IS NOT NULL)::int AS bling,
      count(*) FILTER (WHERE l.bling_id IS NULL AND (l.sync_status IS NULL OR l.sync_status = 'synced'))::int AS local,
      count(*) FILTER (WHERE l.sync_status = 'pending')::int AS pending,
      count(*) FILTER (WHERE l.sync_status = 'failed')::int AS failed
    FROM products p LEFT JOIN bling_product_links l ON l.product_id = p.id`);
  const row = counts.rows[0];
  must(row && row.all === PRODUCTS, `expected ${PRODUCTS} products, found ${row?.all}`);
  return { ...row, variants: VARIANTS };
}

/**
 * The statement the API runs for a page, captured from the API's own query code on a pool of
 * this process, then run EXPLAIN_RUNS times under EXPLAIN (ANALYZE, BUFFERS) with its parameters.
 */
function explain(
  url: string,
  page: AdminProductsPage,
): Promise<PlanFigures & { statement: string }> {
  return explainRead(
    url,
    (database) =>
      createAdminCatalogQueries(database.db).list(adminProductListQuerySchema.parse(page)),
    EXPLAIN_RUNS,
  );
}

async function measureCase(
  { api, headers, databaseUrl }: AdminApi,
  { label, page }: Case,
): Promise<CaseResult> {
  const path = adminProductsPath(page);
  const wrongAnswers: string[] = [];
  let total = Number.NaN;
  let rows = Number.NaN;
  const request = async (): Promise<number> => {
    const answer = await jsonRequest('GET', api.baseUrl + path, undefined, headers);
    const products = answer.json.products;
    total = Number(answer.json.total);
    rows = Array.isArray(products) ? products.length : Number.NaN;
    if (
      answer.status !== 200 ||
      !isExpectedPage(
        { rows, total, page: Number(answer.json.page) },
        page.page,
        ADMIN_PRODUCTS_PER_PAGE,
      )
    ) {
      wrongAnswers.push(`${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`);
    }
    return answer.ms;
  };
  const { times, cores, quietStart } = await timeRequests(
    api,
    label,
    { warmUp: WARM_UP, requests: REQUESTS },
    request,
  );
  const p50Ms = percentile(times, 50);
  const p99Ms = percentile(times, 99);
  return {
    label,
    path,
    total,
    rows,
    requests: times.length,
    p50Ms,
    p99Ms,
    meanMs: times.reduce((sum, ms) => sum + ms, 0) / times.length,
    maxMs: Math.max(...times),
    wrongAnswers,
    cores,
    quietStart,
    sql: await explain(databaseUrl, page),
    misses: adminProductsMisses({ p50Ms, p99Ms, wrongAnswers: wrongAnswers.length }),
  };
}

function report(filterCounts: Record<string, number>, results: CaseResult[]): boolean {
  console.log(
    `\nSeeded ${PRODUCTS} products with ${VARIANTS} variants; products per filter: ` +
      Object.entries(filterCounts)
        .map(([filter, count]) => `${filter} ${count}`)
        .join(', ') +
      ` (planned shares: ${JSON.stringify(SEED_FILTER_SHARES)}).`,
  );
  console.log(
    `\nGET /api/admin/products, one request at a time, ${REQUESTS} per case after ${WARM_UP} warm-up:`,
  );
  console.log(
    textTable(
      [
        'case',
        'total',
        'rows',
        'p50',
        'p99',
        'mean',
        'SQL exec + planning',
        'cores api/pg/bench/other',
        `p50 < ${ADMIN_PRODUCTS_TARGETS.p50Ms} ms, p99 ≤ ${ADMIN_PRODUCTS_TARGETS.p99Ms} ms`,
      ],
      results.map((r) => [
        r.label,
        r.total,
        r.rows,
        `${ms(r.p50Ms)} ms`,
        `${ms(r.p99Ms)} ms`,
        `${ms(r.meanMs)} ms`,
        `${ms(r.sql.executionMs)} + ${ms(r.sql.planningMs)} ms`,
        formatCpuSplit(r.cores),
        r.misses.length ? `MISS: ${r.misses.join(', ')}` : 'PASS',
      ]),
    ),
  );
  console.log(
    `\nSQL exec: median execution + planning time of the API's statement under EXPLAIN ANALYZE ` +
      `(${EXPLAIN_RUNS} runs). Measured at nice ${boostedNice()}.`,
  );
  for (const r of results) {
    console.log(`\n${r.label}: ${r.path}`);
    for (const line of r.sql.plan) console.log(`  ${line}`);
  }
  return reportCaseHealth(results);
}

async function main(): Promise<void> {
  const info = runInfo();
  console.log(`Admin product table benchmark · ${describeRun(info)}`);
  await withAdminApi(
    {
      name: 'admin',
      who: 'admin',
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
      seed: seedProducts,
    },
    async (admin, filterCounts) => {
      const results: CaseResult[] = [];
      for (const benchCase of CASES) results.push(await measureCase(admin, benchCase));
      const trustworthy = report(filterCounts, results);
      const file = writeResult('admin-products', {
        info,
        products: PRODUCTS,
        requests: REQUESTS,
        warmUp: WARM_UP,
        targets: ADMIN_PRODUCTS_TARGETS,
        filterCounts,
        results,
      });
      console.log(`\nResults written to ${file}`);
      // A wrong answer (non-200, a page not the one asked for) is not a measurement.
      if (!trustworthy) process.exitCode = 1;
    },
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
