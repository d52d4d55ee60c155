// Owner's home benchmark: GET /api/admin/dashboard?period=7|30|90 on PostgreSQL with 50,000
// orders over 120 days and 5,000 products, one request at a time, p50/p95/p99 per period, and the
// plan PostgreSQL runs for each of the endpoint's statements.
// Usage: npm run bench:dashboard -w @lumina/bench
//   (env BENCH_PRODUCTS, BENCH_ORDERS, BENCH_CUSTOMERS, BENCH_DASHBOARD_REQUESTS,
//    BENCH_DASHBOARD_WARMUP, BENCH_DATABASE_URL)
import { DASHBOARD_PERIODS, type DashboardPeriod } from '../packages/shared/src/admin/dashboard.ts';
import type { Database } from '../apps/api/src/db/database.ts';
import { readDashboard } from '../apps/api/src/modules/admin/dashboard.ts';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../apps/api/src/modules/admin/dashboard-queue.ts';
import {
  type AdminApi,
  reportCaseHealth,
  timeRequests,
  withAdminApi,
} from './lib/admin-api-bench.ts';
import { seedCatalogue } from './lib/admin-products-seed.ts';
import { type CpuSplit, formatCpuSplit } from './lib/cpu-split.ts';
import { seedDashboardHistory } from './lib/dashboard-seed.ts';
import { explainReads, type PlanFigures } from './lib/explain-statement.ts';
import { jsonRequest } from './lib/json-request.ts';
import { percentile } from './lib/percentile.ts';
import { boostedNice } from './lib/priority.ts';
import { describeRun, envNumber, runInfo, writeResult } from './lib/run-info.ts';
import { ms, textTable } from './lib/text-table.ts';

const PRODUCTS = envNumber('BENCH_PRODUCTS', 5_000);
const ORDERS = envNumber('BENCH_ORDERS', 50_000);
const CUSTOMERS = envNumber('BENCH_CUSTOMERS', 20_000);
const DAYS = 120;
const REQUESTS = envNumber('BENCH_DASHBOARD_REQUESTS', 300);
const WARM_UP = envNumber('BENCH_DASHBOARD_WARMUP', 30);
const EXPLAIN_RUNS = 5;
/** The brief's target for the whole endpoint on PostgreSQL. */
const TARGET_P99_MS = 150;
const ADMIN_EMAIL = 'bench-owner@example.com';
const ADMIN_PASSWORD = 'BenchDonaSenha2026!';

interface PeriodResult {
  period: DashboardPeriod;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
  revenue: number;
  orders: number;
  wrongAnswers: string[];
  cores: CpuSplit;
  quietStart: boolean;
  plans: (PlanFigures & { statement: string })[];
}

const periodLabel = (period: DashboardPeriod): string => `period=${period}`;

async function measurePeriod(
  { api, headers, databaseUrl }: AdminApi,
  period: DashboardPeriod,
): Promise<PeriodResult> {
  const wrongAnswers: string[] = [];
  let revenue = Number.NaN;
  let orders = Number.NaN;
  const request = async (): Promise<number> => {
    const answer = await jsonRequest(
      'GET',
      `${api.baseUrl}/api/admin/dashboard?period=${period}`,
      undefined,
      headers,
    );
    const figures = answer.json.figures as
      { daily?: unknown[]; totals?: { revenue: number; orders: number } } | undefined;
    revenue = figures?.totals?.revenue ?? Number.NaN;
    orders = figures?.totals?.orders ?? Number.NaN;
    if (answer.status !== 200 || figures?.daily?.length !== period) {
      wrongAnswers.push(`${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`);
    }
    return answer.ms;
  };
  const { times, cores, quietStart } = await timeRequests(
    api,
    periodLabel(period),
    { warmUp: WARM_UP, requests: REQUESTS },
    request,
  );
  const plans = await explainReads(
    databaseUrl,
    (database) =>
      readDashboard(database.db, {
        now: new Date(),
        period,
        role: 'owner',
        lowStockDefault: DEFAULT_LOW_STOCK_THRESHOLD,
      }),
    EXPLAIN_RUNS,
    // What readDashboard sets for its own transaction (set_config(..., true)).
    ['SET jit = off', 'SET max_parallel_workers_per_gather = 0', "SET work_mem = '32MB'"],
  );
  return {
    period,
    requests: times.length,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    p99Ms: percentile(times, 99),
    meanMs: times.reduce((sum, value) => sum + value, 0) / times.length,
    maxMs: Math.max(...times),
    revenue,
    orders,
    wrongAnswers,
    cores,
    quietStart,
    plans,
  };
}

function firstLine(statement: string): string {
  return statement.trim().split('\n')[0]?.slice(0, 70) ?? '';
}

function report(results: PeriodResult[]): boolean {
  console.log(
    `\nGET /api/admin/dashboard as the owner (queue and figures), one request at a time, ${REQUESTS} per period after ${WARM_UP} warm-up; ${ORDERS} orders over ${DAYS} days, ${PRODUCTS} products:`,
  );
  console.log(
    textTable(
      [
        'period',
        'revenue (R$)',
        'paid orders',
        'p50',
        'p95',
        'p99',
        'mean',
        'max',
        'SQL exec (sum)',
        'cores api/pg/bench/other',
        `p99 ≤ ${TARGET_P99_MS} ms`,
      ],
      results.map((r) => [
        `${r.period} days`,
        r.revenue.toFixed(2),
        r.orders,
        `${ms(r.p50Ms)} ms`,
        `${ms(r.p95Ms)} ms`,
        `${ms(r.p99Ms)} ms`,
        `${ms(r.meanMs)} ms`,
        `${ms(r.maxMs)} ms`,
        `${ms(r.plans.reduce((sum, plan) => sum + plan.executionMs, 0))} ms`,
        formatCpuSplit(r.cores),
        r.p99Ms <= TARGET_P99_MS && r.wrongAnswers.length === 0 ? 'PASS' : 'MISS',
      ]),
    ),
  );
  console.log(
    `\nSQL exec: median execution + planning time of each statement under EXPLAIN ANALYZE (${EXPLAIN_RUNS} runs). Measured at nice ${boostedNice()}.`,
  );
  for (const r of results) {
    console.log(`\n${periodLabel(r.period)}:`);
    for (const plan of r.plans) {
      console.log(
        `  ${ms(plan.executionMs)} + ${ms(plan.planningMs)} ms  ${firstLine(plan.statement)}`,
      );
    }
  }
  const last = results.at(-1);
  if (last) {
    console.log(`\nPlans of ${periodLabel(last.period)}:`);
    for (const plan of last.plans) {
      console.log(`\n${firstLine(plan.statement)}`);
      for (const line of plan.plan) console.log(`  ${line}`);
    }
  }
  return reportCaseHealth(results.map((r) => ({ ...r, label: periodLabel(r.period) })));
}

async function seed(database: Database): Promise<Record<string, number>> {
  await seedCatalogue(database, PRODUCTS, { blingLinks: true });
  return seedDashboardHistory(database, { customers: CUSTOMERS, orders: ORDERS, days: DAYS });
}

async function main(): Promise<void> {
  const info = runInfo();
  console.log(`Owner's home benchmark · ${describeRun(info)}`);
  await withAdminApi(
    { name: 'dashboard', who: 'owner', email: ADMIN_EMAIL, password: ADMIN_PASSWORD, seed },
    async (admin, seeded) => {
      const results: PeriodResult[] = [];
      for (const period of DASHBOARD_PERIODS) results.push(await measurePeriod(admin, period));
      const trustworthy = report(results);
      const file = writeResult('dashboard', {
        info,
        products: PRODUCTS,
        orders: ORDERS,
        customers: CUSTOMERS,
        days: DAYS,
        requests: REQUESTS,
        warmUp: WARM_UP,
        targetP99Ms: TARGET_P99_MS,
        seeded,
        results,
      });
      console.log(`\nResults written to ${file}`);
      if (!trustworthy) process.exitCode = 1;
    },
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
