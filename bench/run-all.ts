// Runs the benchmarks one after the other, each in its own process so that one's servers,
// browsers and memory cannot affect the next. Exit code 1 when any of them failed to run (a missed
// target is a result, not a failure).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onExit } from './lib/cleanup.ts';

const BENCHMARKS = [
  'api-load.ts',
  'home-js-size.ts',
  'lighthouse.ts',
  'checkout.ts',
  'admin-products.ts',
  'page-flood.ts',
];
/** Upper bound per benchmark; Lighthouse with 3 runs × 3 pages is the longest (~5 min). */
const BENCHMARK_TIMEOUT_MS = 20 * 60_000;
const here = dirname(fileURLToPath(import.meta.url));

function runBenchmark(file: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, file)], {
      cwd: here,
      stdio: 'inherit',
    });
    const unregister = onExit(() => child.kill('SIGTERM'));
    const timer = setTimeout(() => {
      console.error(`${file} ran for over ${BENCHMARK_TIMEOUT_MS / 60_000} min: stopping it.`);
      child.kill('SIGTERM');
    }, BENCHMARK_TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      unregister();
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const failed: string[] = [];
for (const file of BENCHMARKS) {
  console.log(`\n=== ${file} ===`);
  if ((await runBenchmark(file)) !== 0) failed.push(file);
}
if (failed.length) {
  console.error(`\nFailed to run: ${failed.join(', ')}`);
  process.exitCode = 1;
}
