// Lighthouse 12 (mobile, default simulated throttling) of /, /produtos and a product page, run
// against the production build served by the real server, with the system Chromium.
// Usage: npm run bench:lighthouse -w @lumina/bench  (env BENCH_LH_RUNS, default 3 runs per page)
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadavg } from 'node:os';
import { CHROMIUM_PATH, CHROMIUM_QUIET_FLAGS } from './lib/chromium.ts';
import { onExit } from './lib/cleanup.ts';
import { httpGet } from './lib/http-get.ts';
import {
  CATEGORY_IDS,
  LIGHTHOUSE_TARGETS,
  meetsTarget,
  medianRun,
  summarizeLhr,
  type PageSummary,
} from './lib/lighthouse-summary.ts';
import { startProductionServer } from './lib/production-server.ts';
import { describeRun, envNumber, runInfo, writeResult } from './lib/run-info.ts';
import { boostPriority, boostedNice } from './lib/priority.ts';
import { waitForQuietMachine } from './lib/quiet-machine.ts';
import { textTable } from './lib/text-table.ts';
import { ensureWebBuild } from './lib/web-build.ts';

const RUNS_PER_PAGE = Math.round(envNumber('BENCH_LH_RUNS', 3));
const RUN_TIMEOUT_MS = 150_000;
const MAX_DIAGNOSTICS_SHOWN = 12;
const RETRIES = 2;

/**
 * One run's summary plus how busy the machine was when it started: whether it was quiet (see
 * lib/quiet-machine.ts) and the 1-minute load average (which also counts the previous runs).
 */
type RunSummary = PageSummary & { loadAverage1m: number; quietStart: boolean };
type AuditResult = Omit<RunSummary, 'quietStart'>;

async function firstProductId(baseUrl: string): Promise<number> {
  const response = await httpGet(`${baseUrl}/api/products?per_page=1`);
  const parsed = JSON.parse(response.body.toString('utf8')) as { products?: { id: number }[] };
  const id = parsed.products?.[0]?.id;
  if (response.status !== 200 || id === undefined) {
    throw new Error(`GET /api/products answered ${response.status} without a product`);
  }
  return id;
}

/** One Lighthouse run in a fresh Chromium, killed whatever happens and after RUN_TIMEOUT_MS. */
async function audit(url: string, serverPid: number): Promise<AuditResult> {
  const loadAverage1m = loadavg()[0] ?? 0;
  const chrome: LaunchedChrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_QUIET_FLAGS],
    logLevel: 'silent',
    handleSIGINT: false,
  });
  const unregister = onExit(() => chrome.kill());
  // Chromium runs in its own session (chrome-launcher detaches it): boost its autogroup as well.
  const restorePriority = boostPriority([serverPid, chrome.pid]);
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Lighthouse took over ${RUN_TIMEOUT_MS / 1000} s on ${url}`)),
        RUN_TIMEOUT_MS,
      );
    });
    const result = await Promise.race([
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORY_IDS],
      }),
      timeout,
    ]);
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return { ...summarizeLhr(result.lhr), loadAverage1m };
  } finally {
    clearTimeout(timer);
    restorePriority();
    chrome.kill();
    unregister();
  }
}

/**
 * Lighthouse sometimes fails to read its own trace on this loaded 2-core machine (NO_FCP,
 * NO_NAVSTART) and asks to run again: do so, up to RETRIES times, and keep the last attempt.
 */
async function auditWithRetries(url: string, serverPid: number): Promise<AuditResult> {
  let summary = await audit(url, serverPid);
  for (let retry = 1; summary.runtimeError && retry <= RETRIES; retry++) {
    console.error(`  ${summary.runtimeError}: running again (${retry} of ${RETRIES})`);
    summary = await audit(url, serverPid);
  }
  return summary;
}

const score = (value: number | null): string => (value === null ? 'n/a' : value.toFixed(2));

function report(pages: { path: string; median: RunSummary; runs: RunSummary[] }[]): void {
  const rows = pages.map(({ path, median, runs }) => [
    path,
    ...CATEGORY_IDS.map(
      (id) => `${score(median.scores[id])}${meetsTarget(id, median.scores[id]) ? '' : ' MISS'}`,
    ),
    runs.map((run) => score(run.scores.performance)).join(' '),
  ]);
  console.log(textTable(['page', ...CATEGORY_IDS, 'performance of each run'], rows));
  console.log(
    `\nTargets: ${CATEGORY_IDS.map((id) => `${id} >= ${LIGHTHOUSE_TARGETS[id]}`).join(', ')}. ` +
      `Scores of the median run (by performance) of ${RUNS_PER_PAGE}.`,
  );
  for (const { path, median } of pages) {
    console.log(
      `\n${path}: ${Object.entries(median.metrics)
        .map(([id, v]) => `${id} ${v}`)
        .join(' · ')}`,
    );
    if (median.lcp.length) console.log(`  largest paint: ${median.lcp.join(' · ').slice(0, 400)}`);
    for (const [category, audits] of Object.entries(median.failing)) {
      console.log(`  ${category} under target, audits scored below 1:`);
      // Performance lists dozens of unweighted diagnostics: show the first ones, the JSON has all.
      const shown = audits.filter((a, index) => a.weight > 0 || index < MAX_DIAGNOSTICS_SHOWN);
      for (const a of shown) {
        const value = a.displayValue ? ` — ${a.displayValue}` : '';
        console.log(
          `    ${a.id} (score ${a.score.toFixed(2)}, weight ${a.weight}): ${a.title}${value}`,
        );
        for (const example of a.examples ?? []) console.log(`      · ${example.slice(0, 160)}`);
      }
      if (shown.length < audits.length) {
        console.log(`    … ${audits.length - shown.length} more in bench/results/lighthouse.json`);
      }
      if (audits.length === 0) console.log('    (no scored audit below 1; see the JSON)');
    }
    for (const warning of median.warnings) console.log(`  warning: ${warning}`);
  }
  const runs = pages.flatMap((page) => page.runs);
  const busy = runs.filter((run) => !run.quietStart);
  console.log(
    `\nMachine: Lighthouse benchmarkIndex ${runs.map((r) => Math.round(r.benchmarkIndex)).join(' ')}; ` +
      `1-min load average at each start ${runs.map((r) => r.loadAverage1m.toFixed(1)).join(' ')}; ` +
      `server and Chromium at nice ${boostedNice()}.`,
  );
  if (busy.length) {
    console.log(
      `WARNING: ${busy.length} run(s) started while other work kept the cores busy: ` +
        'the performance scores may be low for that reason.',
    );
  }
}

async function main(): Promise<void> {
  const info = runInfo();
  console.log(`Lighthouse (mobile) — ${describeRun(info)}`);
  ensureWebBuild();
  console.error('Starting the production server (node scripts/start.mjs)…');
  const server = await startProductionServer();
  try {
    const productPath = `/produto/${await firstProductId(server.baseUrl)}`;
    const pages: { path: string; median: RunSummary; runs: RunSummary[] }[] = [];
    for (const path of ['/', '/produtos', productPath]) {
      const runs: RunSummary[] = [];
      for (let run = 1; run <= RUNS_PER_PAGE; run++) {
        const quietStart = await waitForQuietMachine(`${path} run ${run}`);
        console.error(`· ${path}: run ${run} of ${RUNS_PER_PAGE}`);
        const summary = await auditWithRetries(server.baseUrl + path, server.servingPid);
        runs.push({ ...summary, quietStart });
      }
      pages.push({ path, median: medianRun(runs), runs });
    }
    report(pages);
    const pass = pages.every(({ median }) =>
      CATEGORY_IDS.every((id) => meetsTarget(id, median.scores[id])),
    );
    const file = writeResult('lighthouse', {
      ...info,
      targets: LIGHTHOUSE_TARGETS,
      runsPerPage: RUNS_PER_PAGE,
      nice: boostedNice(),
      pages,
      pass,
    });
    console.log(`\n${pass ? 'PASS' : 'MISS'} overall. Written ${file}`);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
