// The API's answer time while one client (then six) floods the server-rendered pages with
// cache-busting addresses. Usage: npm run bench:page-flood -w @lumina/bench
//   (env BENCH_FLOOD_SECONDS (12), BENCH_FLOOD_CONNECTIONS (8 per client), BENCH_FLOOD_RUNS (1))
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { onExit } from './lib/cleanup.ts';
import type { FloodPlan, FloodTally } from './lib/flood-client.ts';
import { httpGet } from './lib/http-get.ts';
import { percentile } from './lib/percentile.ts';
import { withHighPriority } from './lib/priority.ts';
import { startProductionServer, type ProductionServer } from './lib/production-server.ts';
import { waitForQuietMachine } from './lib/quiet-machine.ts';
import { REPO_ROOT } from './lib/repo-root.ts';
import { describeRun, envNumber, runInfo, writeResult } from './lib/run-info.ts';
import { textTable } from './lib/text-table.ts';

const SECONDS = envNumber('BENCH_FLOOD_SECONDS', 12);
const CONNECTIONS = envNumber('BENCH_FLOOD_CONNECTIONS', 8);
const RUNS = envNumber('BENCH_FLOOD_RUNS', 1);
/** The probe asks once per interval, like one more shopper browsing: it is not load itself. */
const PROBE_INTERVAL_MS = 10;
/** The API's p50 under a one-client flood may be at most this many times its quiet p50. */
const MAX_P50_RATIO = 2;

interface Scenario {
  name: string;
  flood?: Omit<FloodPlan, 'baseUrl' | 'seconds' | 'connectionsPerClient'>;
  /** Judged against MAX_P50_RATIO (the one-client floods); the others are reported. */
  judged: boolean;
}

/** Each flood comes from addresses of its own: a limit met in one scenario does not carry over. */
const SCENARIOS: Scenario[] = [
  { name: 'quiet (no flood)', judged: false },
  {
    name: '1 client, /produtos?search=a&z=<random>',
    flood: { kind: 'made-up-parameter', clients: ['127.0.0.2'] },
    judged: true,
  },
  {
    name: '1 client, /produtos?search=<random>',
    flood: { kind: 'search', clients: ['127.0.0.3'] },
    judged: true,
  },
  {
    name: '6 clients, /produtos?search=a&z=<random>',
    flood: {
      kind: 'made-up-parameter',
      clients: ['127.0.0.4', '127.0.0.5', '127.0.0.6', '127.0.0.7', '127.0.0.8', '127.0.0.9'],
    },
    judged: false,
  },
  { name: 'quiet again', judged: false },
];

interface ProbeSummary {
  samples: number;
  p50: number;
  p90: number;
  p99: number;
  non200: number;
}

interface ScenarioResult extends ProbeSummary {
  name: string;
  judged: boolean;
  flood?: FloodTally;
}

function timedGet(url: URL, agent: Agent): Promise<{ ms: number; status: number }> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, agent, timeout: 10_000 },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            status: response.statusCode ?? 0,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('probe timed out')));
    req.on('error', reject);
    req.end();
  });
}

/** GET the API's product answer once per PROBE_INTERVAL_MS for `seconds`, from 127.0.0.1. */
async function probe(apiUrl: string, seconds: number): Promise<ProbeSummary> {
  const url = new URL(apiUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const deadline = Date.now() + seconds * 1000;
  const times: number[] = [];
  let non200 = 0;
  try {
    while (Date.now() < deadline) {
      const { ms, status } = await timedGet(url, agent);
      times.push(ms);
      if (status !== 200) non200 += 1;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, PROBE_INTERVAL_MS - ms)));
    }
  } finally {
    agent.destroy();
  }
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    samples: times.length,
    p50: round(percentile(times, 50)),
    p90: round(percentile(times, 90)),
    p99: round(percentile(times, 99)),
    non200,
  };
}

/** The flood in a process of its own (lib/flood-client.ts), stopped with the benchmark. */
function startFlood(plan: FloodPlan): Promise<FloodTally> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'bench', 'lib', 'flood-client.ts'), JSON.stringify(plan)],
    { cwd: join(REPO_ROOT, 'bench'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const unregister = onExit(() => child.kill('SIGKILL'));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    // The flood stops itself after plan.seconds; this is the bound if it does not.
    const timer = setTimeout(() => child.kill('SIGKILL'), (plan.seconds + 30) * 1000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      unregister();
      const line = output.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line) resolve(JSON.parse(line) as FloodTally);
      else reject(new Error(`the flood client exited with ${code}: ${output.slice(-300)}`));
    });
  });
}

async function runScenario(
  server: ProductionServer,
  apiUrl: string,
  scenario: Scenario,
): Promise<ScenarioResult> {
  console.error(`· ${scenario.name}: ${SECONDS} s`);
  if (!scenario.flood) {
    return { name: scenario.name, judged: scenario.judged, ...(await probe(apiUrl, SECONDS)) };
  }
  const flooding = startFlood({
    ...scenario.flood,
    baseUrl: server.baseUrl,
    seconds: SECONDS,
    connectionsPerClient: CONNECTIONS,
  });
  // The probe measures the flood at full strength: from its first second to its last.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const measured = await probe(apiUrl, SECONDS - 2);
  const flood = await flooding;
  return { name: scenario.name, judged: scenario.judged, ...measured, flood };
}

function statusText(tally: FloodTally | undefined): string {
  if (!tally) return '';
  const statuses = Object.entries(tally.byStatus)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
  return `${tally.requests} (${statuses}${tally.errors ? `, ${tally.errors} errors` : ''})`;
}

async function main(): Promise<void> {
  const info = runInfo();
  console.log(`Page flood · ${describeRun(info)}`);
  console.log(
    `${SECONDS} s per scenario, ${CONNECTIONS} connections per flooding client, probe every ${PROBE_INTERVAL_MS} ms`,
  );
  // The shop's own page limit (PAGE_RATE_LIMIT_MAX's default), not the out-of-reach one the
  // load benchmark uses: the limit is part of what is measured. An older build ignores it.
  const server = await startProductionServer({
    env: { PAGE_RATE_LIMIT_MAX: process.env.BENCH_PAGE_RATE_LIMIT_MAX ?? '120' },
  });
  const runs: ScenarioResult[][] = [];
  try {
    const list = JSON.parse(
      (await httpGet(`${server.baseUrl}/api/products?per_page=1`)).body.toString('utf8'),
    ) as { products: { id: number }[] };
    const id = list.products[0]?.id;
    if (id === undefined) throw new Error('the catalogue is empty');
    const apiUrl = `${server.baseUrl}/api/products/${id}`;
    // Warm: the product answer and the listing page are in the cache, as on a live shop.
    await httpGet(apiUrl);
    await httpGet(`${server.baseUrl}/produtos?search=a`);
    for (let run = 1; run <= RUNS; run++) {
      await waitForQuietMachine(`run ${run}`);
      const results = await withHighPriority([server.servingPid], async () => {
        const done: ScenarioResult[] = [];
        for (const scenario of SCENARIOS) done.push(await runScenario(server, apiUrl, scenario));
        return done;
      });
      runs.push(results);
      printRun(run, apiUrl.replace(server.baseUrl, ''), results);
    }
  } finally {
    await server.stop();
  }
  const file = writeResult('page-flood', {
    info,
    seconds: SECONDS,
    connections: CONNECTIONS,
    runs,
  });
  console.log(`\nResults written to ${file}`);
}

function printRun(run: number, apiPath: string, results: ScenarioResult[]): void {
  const quiet = results[0]?.p50 ?? Number.NaN;
  console.log(`\nRun ${run}: GET ${apiPath} from another client (127.0.0.1)`);
  console.log(
    textTable(
      [
        'Scenario',
        'p50 ms',
        'p90 ms',
        'p99 ms',
        'samples',
        'p50 / quiet',
        'flood requests',
        'verdict',
      ],
      results.map((result) => {
        const ratio = result.p50 / quiet;
        const verdict = !result.judged
          ? ''
          : ratio <= MAX_P50_RATIO && result.non200 === 0
            ? 'PASS'
            : `MISS (target ≤ ${MAX_P50_RATIO}x)`;
        return [
          result.name,
          result.p50,
          result.p90,
          result.p99,
          result.samples,
          result.flood ? `${ratio.toFixed(2)}x` : '',
          statusText(result.flood),
          verdict,
        ];
      }),
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
