// Memory of the whole process tree of the production store on PostgreSQL: started as the
// production guide's service unit does (node runs start.mjs, which becomes the server), through
// `npm start`, and with WEB_CONCURRENCY=2; at rest and at the peak of the catalogue load.
// Usage: npm run bench:memory -w @lumina/bench
//   (env BENCH_DATABASE_URL, BENCH_CONNECTIONS, BENCH_DURATION, BENCH_SETTLE)
import { httpGet } from './lib/http-get.ts';
import { runLoad, type LoadOptions, type LoadSummary } from './lib/load-test.ts';
import { boostedNice, withHighPriority } from './lib/priority.ts';
import { readCpuSeconds, readMachineBusySeconds } from './lib/proc-cpu.ts';
import {
  kbToMb,
  processTree,
  readProcMemory,
  type TreeProcess,
  TreeMemorySampler,
} from './lib/proc-memory.ts';
import { createTemporaryDatabase } from './lib/postgres-database.ts';
import { type Launch, startProductionServer } from './lib/production-server.ts';
import { waitForQuietMachine } from './lib/quiet-machine.ts';
import { describeRun, envNumber, runInfo, writeResult } from './lib/run-info.ts';
import { textTable } from './lib/text-table.ts';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const load: LoadOptions = {
  connections: envNumber('BENCH_CONNECTIONS', 50),
  durationSeconds: envNumber('BENCH_DURATION', 10),
};
/** Seconds left idle after the first pages before the resting figures are read. */
const SETTLE_SECONDS = envNumber('BENCH_SETTLE', 10);
/** The whole tree, started as the service unit does, on PostgreSQL. */
const TARGETS = { restMb: 150, peakMb: 180 };
/** Above this many cores used by other processes during the load, its figures are disturbed. */
const BUSY_MACHINE_CORES = 0.2;

interface Case {
  name: string;
  launch: Launch;
  env: Record<string, string>;
  /** Whether the targets apply (the service unit's way, one process). */
  judged: boolean;
}

const CASES: Case[] = [
  { name: 'service unit (node scripts/start.mjs)', launch: 'node', env: {}, judged: true },
  { name: 'npm start', launch: 'npm', env: {}, judged: false },
  {
    name: 'service unit, WEB_CONCURRENCY=2',
    launch: 'node',
    env: { WEB_CONCURRENCY: '2' },
    judged: false,
  },
];

interface CaseResult {
  name: string;
  judged: boolean;
  restTree: TreeProcess[];
  restMb: number;
  peakMb: number;
  /** The process running start.mjs (with WEB_CONCURRENCY, the cluster's primary). */
  serverRestMb: number;
  serverHwmMb: number;
  runs: (LoadSummary & { treeCores: number; otherCores: number })[];
  quietStart: boolean;
  pass: boolean | undefined;
}

const sumMb = (tree: TreeProcess[]): number => kbToMb(tree.reduce((sum, p) => sum + p.rssKb, 0));

function treeCpuSeconds(rootPid: number): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const { pid } of processTree(rootPid)) {
    try {
      seconds.set(pid, readCpuSeconds(pid));
    } catch {
      // Gone meanwhile.
    }
  }
  return seconds;
}

/** Cores the tree used between two readings of treeCpuSeconds (processes in both). */
function treeCores(before: Map<number, number>, after: Map<number, number>, seconds: number) {
  let used = 0;
  for (const [pid, end] of after) used += end - (before.get(pid) ?? 0);
  return used / seconds;
}

async function getOk(url: string): Promise<Buffer> {
  const response = await httpGet(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return response.body;
}

async function measureCase(testCase: Case): Promise<CaseResult> {
  const database = await createTemporaryDatabase(POSTGRES_URL, 'lumina_bench_memory');
  try {
    console.error(`Starting the store: ${testCase.name}…`);
    const server = await startProductionServer({
      databaseUrl: database.url,
      launch: testCase.launch,
      env: testCase.env,
    });
    const sampler = new TreeMemorySampler(server.launcherPid);
    try {
      // A shopper's first visit: the home page, the list, a product page.
      const list = JSON.parse(
        (await getOk(`${server.baseUrl}/api/products?per_page=100`)).toString('utf8'),
      ) as { products?: { id: number }[] };
      const firstId = list.products?.[0]?.id;
      if (firstId === undefined) throw new Error('the catalogue is empty');
      for (const path of ['/', '/produtos', `/produto/${firstId}`]) {
        await getOk(server.baseUrl + path);
      }
      console.error(`· settling ${SETTLE_SECONDS} s`);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1_000));
      const restTree = processTree(server.launcherPid);

      const quietStart = await waitForQuietMachine(testCase.name);
      sampler.start();
      const from = Date.now();
      const pids = restTree.map((p) => p.pid);
      const runs = await withHighPriority(pids, async () => {
        const measured: CaseResult['runs'] = [];
        for (const path of ['/api/products?per_page=100', `/api/products/${firstId}`]) {
          console.error(`· ${path}: ${load.durationSeconds} s, ${load.connections} connections`);
          const started = process.hrtime.bigint();
          const machineBefore = readMachineBusySeconds();
          const treeBefore = treeCpuSeconds(server.launcherPid);
          const clientBefore = process.cpuUsage();
          const run = await runLoad(server.baseUrl + path, load);
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          const client = process.cpuUsage(clientBefore);
          const tree = treeCores(treeBefore, treeCpuSeconds(server.launcherPid), seconds);
          const machine = (readMachineBusySeconds() - machineBefore) / seconds;
          const clientCores = (client.user + client.system) / 1e6 / seconds;
          measured.push({
            ...run,
            treeCores: tree,
            otherCores: Math.max(0, machine - tree - clientCores),
          });
        }
        return measured;
      });
      sampler.stop();
      const peakMb = kbToMb(sampler.peakKbBetween(from, Date.now()));
      const serving = readProcMemory(server.servingPid);
      const restMb = sumMb(restTree);
      const failed = runs.some((run) => run.non2xx + run.errors > 0);
      return {
        name: testCase.name,
        judged: testCase.judged,
        restTree,
        restMb,
        peakMb,
        serverRestMb: kbToMb(restTree.find((p) => p.pid === server.servingPid)?.rssKb ?? 0),
        serverHwmMb: kbToMb(serving.hwmKb),
        runs,
        quietStart,
        pass: testCase.judged
          ? !failed && restMb <= TARGETS.restMb && peakMb <= TARGETS.peakMb
          : undefined,
      };
    } finally {
      sampler.stop();
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

function report(results: CaseResult[]): void {
  for (const r of results) {
    console.log(`\n${r.name}: process tree at rest`);
    console.log(
      textTable(
        ['pid', 'parent', 'command', 'RSS MB'],
        r.restTree.map((p) => [
          p.pid,
          p.parentPid,
          p.cmdline.length > 90 ? `${p.cmdline.slice(0, 87)}...` : p.cmdline,
          kbToMb(p.rssKb).toFixed(1),
        ]),
      ),
    );
  }
  console.log('');
  console.log(
    textTable(
      [
        'how',
        'processes',
        'tree at rest MB',
        'tree peak MB',
        'start.mjs at rest MB',
        'start.mjs VmHWM MB',
        'req/s list/detail',
        'cores tree/other',
        'target',
      ],
      results.map((r) => {
        const failed = r.runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0);
        let verdict = '';
        if (r.pass === true) verdict = 'PASS';
        else if (r.pass === false) {
          const misses = [
            r.restMb > TARGETS.restMb ? `rest > ${TARGETS.restMb} MB` : '',
            r.peakMb > TARGETS.peakMb ? `peak > ${TARGETS.peakMb} MB` : '',
            failed ? `${failed} failed answers` : '',
          ].filter(Boolean);
          verdict = `MISS (${misses.join('; ')})`;
        }
        return [
          r.name,
          r.restTree.length,
          r.restMb.toFixed(0),
          r.peakMb.toFixed(0),
          r.serverRestMb.toFixed(0),
          r.serverHwmMb.toFixed(0),
          r.runs.map((run) => Math.round(run.requestsPerSecond)).join('/'),
          r.runs.map((run) => `${run.treeCores.toFixed(2)}/${run.otherCores.toFixed(2)}`).join(' '),
          verdict,
        ];
      }),
    ),
  );
  console.log(
    `\nTargets (service unit, PostgreSQL): the tree <= ${TARGETS.restMb} MB at rest (after /, ` +
      `/produtos, a product page and ${SETTLE_SECONDS} s), <= ${TARGETS.peakMb} MB at the peak ` +
      `of the load (${load.durationSeconds} s on the list, then on the detail, ` +
      `${load.connections} connections; RSS summed every 200 ms). Measured at nice ${boostedNice()}.`,
  );
  const disturbed = results.filter((r) =>
    r.runs.some((run) => run.otherCores > BUSY_MACHINE_CORES),
  );
  if (disturbed.length) {
    console.log(
      `WARNING: other processes used over ${BUSY_MACHINE_CORES} cores during the load of: ` +
        `${disturbed.map((r) => r.name).join(', ')}; rerun when the machine is quiet.`,
    );
  }
}

async function main(): Promise<void> {
  const info = runInfo();
  console.log(`Memory benchmark (PostgreSQL) — ${describeRun(info)}`);
  const results: CaseResult[] = [];
  for (const testCase of CASES) results.push(await measureCase(testCase));
  report(results);
  const file = writeResult('memory', {
    ...info,
    load,
    settleSeconds: SETTLE_SECONDS,
    nice: boostedNice(),
    targets: TARGETS,
    cases: results,
    pass: results.every((r) => r.pass !== false),
  });
  console.log(`Written ${file}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
