// Load benchmark of the catalogue reads against a bare Fastify route answering the same bytes.
// Usage: npm run bench:api -w @lumina/bench
//   (env BENCH_CONNECTIONS, BENCH_DURATION, BENCH_WARMUP, BENCH_DATABASE_URL for PostgreSQL)
import { API_TARGETS, judgeRoute, type RouteVerdict } from './lib/api-targets.ts';
import { startBareServer, type BareServer } from './lib/bare-server-process.ts';
import { httpGet, type RawResponse } from './lib/http-get.ts';
import { runLoad, type LoadOptions, type LoadSummary } from './lib/load-test.ts';
import { boostedNice, withHighPriority } from './lib/priority.ts';
import { withCpuUsage } from './lib/proc-cpu.ts';
import { MemorySampler, kbToMb, readProcMemory } from './lib/proc-memory.ts';
import { createTemporaryDatabase } from './lib/postgres-database.ts';
import { startProductionServer, type ProductionServer } from './lib/production-server.ts';
import { describeRun, envNumber, runInfo, writeResult } from './lib/run-info.ts';
import { waitForQuietMachine } from './lib/quiet-machine.ts';
import { textTable } from './lib/text-table.ts';

/**
 * BENCH_DATABASE_URL: a PostgreSQL server (trust auth) to run the store on, in a database made for
 * the run and dropped after it, instead of the embedded database (its own memory target).
 */
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || undefined;
const maxRssMb = POSTGRES_URL ? API_TARGETS.maxRssMbOnPostgres : API_TARGETS.maxRssMb;

const load: LoadOptions = {
  connections: envNumber('BENCH_CONNECTIONS', 50),
  durationSeconds: envNumber('BENCH_DURATION', 10),
};
const warmUp: LoadOptions = { ...load, durationSeconds: envNumber('BENCH_WARMUP', 3) };

interface RouteCase {
  name: string;
  realPath: string;
  barePath: string;
  response: RawResponse;
}

/** A load run with how busy the server and the load generator (this process) were, in cores. */
type MeasuredRun = LoadSummary & { serverCores: number; clientCores: number; otherCores: number };

interface RouteResult {
  name: string;
  realPath: string;
  bodyBytes: number;
  real: MeasuredRun;
  bare: MeasuredRun;
  realPeakRssMb: number;
  barePeakRssMb: number;
  /** Whether the machine was quiet before the warm-up (see lib/quiet-machine.ts). */
  quietStart: boolean;
  verdict: RouteVerdict;
}

async function fetchOk(url: string): Promise<RawResponse> {
  const response = await httpGet(url);
  if (response.status !== 200) {
    throw new Error(
      `GET ${url} answered ${response.status}: ${response.body.toString().slice(0, 300)}`,
    );
  }
  return response;
}

/**
 * The two catalogue reads and the product page's HTML (its server-written head), with
 * the exact bytes the bare server will answer.
 */
async function catalogueCases(baseUrl: string): Promise<RouteCase[]> {
  const listPath = '/api/products?per_page=100';
  const list = await fetchOk(baseUrl + listPath);
  const parsed = JSON.parse(list.body.toString('utf8')) as { products?: { id: number }[] };
  const firstId = parsed.products?.[0]?.id;
  if (firstId === undefined) throw new Error(`${listPath} returned no products`);
  const detailPath = `/api/products/${firstId}`;
  const detail = await fetchOk(baseUrl + detailPath);
  const pagePath = `/produto/${firstId}`;
  const page = await fetchOk(baseUrl + pagePath);
  return [
    { name: 'products list', realPath: listPath, barePath: '/bare/products', response: list },
    { name: 'product detail', realPath: detailPath, barePath: '/bare/product', response: detail },
    { name: 'product page (HTML)', realPath: pagePath, barePath: '/bare/page', response: page },
  ];
}

function contentType(response: RawResponse): string {
  const value = response.headers['content-type'];
  return (Array.isArray(value) ? value[0] : value) ?? 'application/json; charset=utf-8';
}

async function measuredLoad(serverPid: number, url: string): Promise<MeasuredRun> {
  const { result, ...cpu } = await withCpuUsage(serverPid, () => runLoad(url, load));
  return { ...result, ...cpu };
}

async function measure(
  cases: RouteCase[],
  real: ProductionServer,
  bare: BareServer,
): Promise<RouteResult[]> {
  const realMemory = new MemorySampler(real.servingPid);
  const bareMemory = new MemorySampler(bare.pid);
  realMemory.start();
  bareMemory.start();
  try {
    const results: RouteResult[] = [];
    for (const routeCase of cases) {
      const realUrl = real.baseUrl + routeCase.realPath;
      const bareUrl = bare.baseUrl + routeCase.barePath;
      const quietStart = await waitForQuietMachine(routeCase.name);
      const { bareRun, realRun } = await withHighPriority([real.servingPid, bare.pid], async () => {
        console.error(`· ${routeCase.name}: warm-up ${warmUp.durationSeconds} s each`);
        await runLoad(bareUrl, warmUp);
        await runLoad(realUrl, warmUp);
        console.error(`· ${routeCase.name}: bare route ${load.durationSeconds} s`);
        const bareRun = await measuredLoad(bare.pid, bareUrl);
        console.error(`· ${routeCase.name}: real route ${load.durationSeconds} s`);
        const realRun = await measuredLoad(real.servingPid, realUrl);
        return { bareRun, realRun };
      });
      const realPeakRssMb = kbToMb(realMemory.peakKbBetween(realRun.startedAt, realRun.finishedAt));
      const barePeakRssMb = kbToMb(bareMemory.peakKbBetween(bareRun.startedAt, bareRun.finishedAt));
      results.push({
        name: routeCase.name,
        realPath: routeCase.realPath,
        bodyBytes: routeCase.response.body.length,
        real: realRun,
        bare: bareRun,
        realPeakRssMb,
        barePeakRssMb,
        quietStart,
        verdict: judgeRoute(
          {
            requestsPerSecond: realRun.requestsPerSecond,
            bareRequestsPerSecond: bareRun.requestsPerSecond,
            latencyP99Ms: realRun.latencyP99Ms,
            peakRssMb: realPeakRssMb,
            failedResponses: realRun.non2xx + realRun.errors,
          },
          maxRssMb,
        ),
      });
    }
    return results;
  } finally {
    realMemory.stop();
    bareMemory.stop();
  }
}

const cores = (run: MeasuredRun): string =>
  [run.serverCores, run.clientCores, run.otherCores].map((c) => c.toFixed(2)).join('/');

/** Above this many cores used by other processes during a run, its figures are not trustworthy. */
const BUSY_MACHINE_CORES = 0.2;

function report(results: RouteResult[], hwm: { realMb: number; bareMb: number }): void {
  const rows: (string | number)[][] = [];
  for (const r of results) {
    rows.push([
      `${r.name} (bare Fastify)`,
      Math.round(r.bare.requestsPerSecond),
      r.bare.latencyP50Ms,
      r.bare.latencyP99Ms,
      '1.00',
      r.barePeakRssMb.toFixed(0),
      cores(r.bare),
      '',
    ]);
    rows.push([
      `${r.name} ${r.realPath}`,
      Math.round(r.real.requestsPerSecond),
      r.real.latencyP50Ms,
      r.real.latencyP99Ms,
      r.verdict.ratio.toFixed(2),
      r.realPeakRssMb.toFixed(0),
      cores(r.real),
      r.verdict.pass ? 'PASS' : `MISS (${r.verdict.misses.join('; ')})`,
    ]);
  }
  const header = [
    'route',
    'req/s',
    'p50 ms',
    'p99 ms',
    'ratio',
    'peak RSS MB',
    'CPU server/client/other',
    'target',
  ];
  console.log(textTable(header, rows));
  console.log(
    `\nTargets: ratio to bare >= ${API_TARGETS.minRatioToBare}, p99 < ${API_TARGETS.maxP99Ms} ms at ` +
      `${load.connections} connections, RSS < ${maxRssMb} MB under load (${POSTGRES_URL ? 'PostgreSQL' : 'embedded database'}).\n` +
      'CPU: cores used by the server, the load generator and other processes (2 cores in all); ' +
      `measured at nice ${boostedNice()}.`,
  );
  const disturbed = results
    .flatMap((r) => [r.bare, r.real])
    .filter((run) => run.otherCores > BUSY_MACHINE_CORES);
  if (disturbed.length) {
    console.log(
      `WARNING: other processes used over ${BUSY_MACHINE_CORES} cores during ${disturbed.length} run(s): ` +
        'the machine was not quiet, rerun when it is.',
    );
  }
  console.log(
    `VmHWM at the end (includes start-up): server ${hwm.realMb.toFixed(0)} MB, ` +
      `bare ${hwm.bareMb.toFixed(0)} MB. Response bodies: ` +
      results.map((r) => `${r.name} ${(r.bodyBytes / 1024).toFixed(1)} KiB`).join(', '),
  );
}

async function main(): Promise<void> {
  const info = runInfo();
  console.log(`API load benchmark — ${describeRun(info)}`);
  console.error('Starting the production server (node scripts/start.mjs)…');
  const database = POSTGRES_URL
    ? await createTemporaryDatabase(POSTGRES_URL, 'lumina_bench_api')
    : undefined;
  const real = await startProductionServer({ databaseUrl: database?.url });
  let bare: BareServer | undefined;
  try {
    const cases = await catalogueCases(real.baseUrl);
    bare = await startBareServer(
      cases.map((c) => ({
        path: c.barePath,
        body: c.response.body,
        contentType: contentType(c.response),
      })),
    );
    const results = await measure(cases, real, bare);
    const hwm = {
      realMb: kbToMb(readProcMemory(real.servingPid).hwmKb),
      bareMb: kbToMb(readProcMemory(bare.pid).hwmKb),
    };
    report(results, hwm);
    const file = writeResult('api-load', {
      ...info,
      load,
      warmUp,
      nice: boostedNice(),
      targets: API_TARGETS,
      database: POSTGRES_URL ? 'postgres' : 'embedded',
      serverVmHwmMb: hwm.realMb,
      bareVmHwmMb: hwm.bareMb,
      responseHeaders: Object.fromEntries(cases.map((c) => [c.realPath, c.response.headers])),
      routes: results,
      pass: results.every((r) => r.verdict.pass),
    });
    console.log(`Written ${file}`);
  } finally {
    await bare?.stop();
    await real.stop();
    await database?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
