import { readMachineBusySeconds } from './proc-cpu.ts';
import { envNumber } from './run-info.ts';

/** Below this many busy cores (of 2) the machine counts as quiet. */
const QUIET_CORES = 0.3;
const WINDOW_MS = 2_000;

/**
 * Other helpers' test runs and builds share the 2 cores; a benchmark started under that load
 * measures them as much as the store. Waits (at most BENCH_QUIET_WAIT seconds, default 60;
 * 0 skips) until the whole machine stays under QUIET_CORES busy cores for a 2 s window, and
 * says whether it got there.
 */
export async function waitForQuietMachine(label: string): Promise<boolean> {
  const maxWaitMs = envNumber('BENCH_QUIET_WAIT', 60, { allowZero: true }) * 1_000;
  const deadline = Date.now() + maxWaitMs;
  let announced = false;
  for (;;) {
    const before = readMachineBusySeconds();
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const busyCores = (readMachineBusySeconds() - before) / (WINDOW_MS / 1_000);
    if (busyCores < QUIET_CORES) return true;
    if (Date.now() >= deadline) {
      if (maxWaitMs > 0)
        console.error(`  machine still busy (${busyCores.toFixed(1)} cores): ${label} runs anyway`);
      return false;
    }
    if (!announced) {
      console.error(
        `  waiting for a quiet machine before ${label} (${busyCores.toFixed(1)} cores busy)…`,
      );
      announced = true;
    }
  }
}
