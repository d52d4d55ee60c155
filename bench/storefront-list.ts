// Storefront catalogue list benchmark: the catalogue repository's listProducts (the read behind
// GET /api/products and the category and search pages) on PostgreSQL with the admin table
// benchmark's 5,000 products and 20,000 variants, 100 products a page, one read at a time:
// p50/p99 per page and order, and the plan PostgreSQL runs for each.
// Usage: npm run bench:storefront-list -w @lumina/bench
//   (env BENCH_PRODUCTS, BENCH_LIST_REQUESTS, BENCH_LIST_WARMUP, BENCH_DATABASE_URL)
import type { ProductSort } from '../packages/shared/src/catalog/product.ts';
import { PRODUCTS_PER_PAGE_MAX } from '../packages/shared/src/catalog/product-query.ts';
import { type Database, openPostgres } from '../apps/api/src/db/database.ts';
import {
  createCatalogRepository,
  type ProductListFilter,
} from '../apps/api/src/modules/catalog/repository.ts';
import { searchTerms } from '../apps/api/src/modules/catalog/search-text.ts';
import { seedCatalogue } from './lib/admin-products-seed.ts';
import { explainRead, type PlanFigures } from './lib/explain-statement.ts';
import { must } from './lib/must.ts';
import { percentile } from './lib/percentile.ts';
import { createTemporaryDatabase } from './lib/postgres-database.ts';
import { waitForQuietMachine } from './lib/quiet-machine.ts';
import { describeRun, envNumber, runInfo, writeResult } from './lib/run-info.ts';
import { ms, textTable } from './lib/text-table.ts';

const PRODUCTS = envNumber('BENCH_PRODUCTS', 5_000);
const REQUESTS = envNumber('BENCH_LIST_REQUESTS', 100);
const WARM_UP = envNumber('BENCH_LIST_WARMUP', 10);
/** EXPLAIN ANALYZE runs per case; the median execution time is reported. */
const EXPLAIN_RUNS = 10;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PER_PAGE = PRODUCTS_PER_PAGE_MAX;

interface Case {
  label: string;
  sort: ProductSort;
  page: number;
  search?: string;
}

const CASES: Case[] = [
  { label: 'name, page 1', sort: 'name', page: 1 },
  { label: 'name, page 10', sort: 'name', page: 10 },
  { label: 'name, page 40', sort: 'name', page: 40 },
  { label: 'price, page 1', sort: 'price', page: 1 },
  { label: 'price, page 10', sort: 'price', page: 10 },
  { label: 'price, page 40', sort: 'price', page: 40 },
  { label: "search 'titanio', name, page 5", sort: 'name', page: 5, search: 'titanio' },
];

interface CaseResult extends PlanFigures {
  label: string;
  total: number;
  rows: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  quietStart: boolean;
}

function filterOf({ sort, page, search }: Case): ProductListFilter {
  return {
    searchTerms: search ? searchTerms(search) : [],
    options: [],
    sort,
    limit: PER_PAGE,
    offset: (page - 1) * PER_PAGE,
  };
}

async function explain(url: string, filter: ProductListFilter): Promise<PlanFigures> {
  const { statement: _statement, ...figures } = await explainRead(
    url,
    (database) => createCatalogRepository(database.db).listProducts(filter),
    EXPLAIN_RUNS,
  );
  return figures;
}

async function measureCase(database: Database, url: string, benchCase: Case): Promise<CaseResult> {
  const repository = createCatalogRepository(database.db);
  const filter = filterOf(benchCase);
  let total = Number.NaN;
  let rows = Number.NaN;
  const read = async (): Promise<number> => {
    const started = performance.now();
    const listing = await repository.listProducts(filter);
    const ms = performance.now() - started;
    total = listing.total;
    rows = listing.rows.length;
    return ms;
  };
  const quietStart = await waitForQuietMachine(benchCase.label);
  console.error(`· ${benchCase.label}: ${WARM_UP} warm-up reads, then ${REQUESTS}`);
  for (let index = 0; index < WARM_UP; index += 1) await read();
  const times: number[] = [];
  for (let index = 0; index < REQUESTS; index += 1) times.push(await read());
  const expected = Math.min(PER_PAGE, Math.max(0, total - filter.offset));
  must(rows === expected && rows > 0, `${benchCase.label}: ${rows} rows of ${total}`);
  return {
    label: benchCase.label,
    total,
    rows,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    meanMs: times.reduce((sum, ms) => sum + ms, 0) / times.length,
    quietStart,
    ...(await explain(url, filter)),
  };
}

async function main(): Promise<void> {
  const info = runInfo();
  console.log(`Storefront list benchmark · ${describeRun(info)}`);
  const temporary = await createTemporaryDatabase(POSTGRES_URL, 'lumina_bench_list');
  const database = openPostgres(temporary.url, { poolMax: 2 });
  try {
    await database.migrate();
    await seedCatalogue(database, PRODUCTS, { blingLinks: false });
    const results: CaseResult[] = [];
    for (const benchCase of CASES) {
      results.push(await measureCase(database, temporary.url, benchCase));
    }
    console.log(
      `\nlistProducts, ${PER_PAGE} a page, one read at a time, ${REQUESTS} per case after ${WARM_UP} warm-up:`,
    );
    console.log(
      textTable(
        ['case', 'total', 'rows', 'p50', 'p99', 'mean', 'SQL exec + planning'],
        results.map((r) => [
          r.label,
          r.total,
          r.rows,
          `${ms(r.p50Ms)} ms`,
          `${ms(r.p99Ms)} ms`,
          `${ms(r.meanMs)} ms`,
          `${ms(r.executionMs)} + ${ms(r.planningMs)} ms`,
        ]),
      ),
    );
    for (const r of results) {
      if (!r.quietStart) console.log(`WARNING: ${r.label}: the machine was busy when it started`);
    }
    for (const r of results) {
      console.log(`\n${r.label}:`);
      for (const line of r.plan) console.log(`  ${line}`);
    }
    const file = writeResult('storefront-list', {
      info,
      products: PRODUCTS,
      requests: REQUESTS,
      warmUp: WARM_UP,
      results,
    });
    console.log(`\nResults written to ${file}`);
  } finally {
    await database.close();
    await temporary.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
