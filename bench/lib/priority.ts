import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { envNumber } from './run-info.ts';

/**
 * Nice value for the measured windows (BENCH_NICE=10 gives -10, the default; 0 leaves priorities
 * alone). The 2 cores are shared with other work (test runs, builds); a higher priority for the
 * server, the load generator and the browser during a measurement keeps that work from being
 * measured too.
 */
const BOOSTED_NICE = -Math.abs(envNumber('BENCH_NICE', 10, { allowZero: true }));

/** Linux keeps a nice value per thread: every thread of the process (GC, libuv pool) counts. */
function threadsOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [pid];
  }
}

/** "/autogroup-122 nice 0" → { name, nice }; undefined without autogroup scheduling. */
export function parseAutogroup(text: string): { name: string; nice: number } | undefined {
  const match = /^(\S+) nice (-?\d+)/.exec(text.trim());
  return match?.[1] && match[2] ? { name: match[1], nice: Number(match[2]) } : undefined;
}

function readAutogroup(pid: number): { name: string; nice: number } | undefined {
  try {
    return parseAutogroup(readFileSync(`/proc/${pid}/autogroup`, 'utf8'));
  } catch {
    return undefined;
  }
}

function tryWrite(action: () => void): void {
  try {
    action();
  } catch {
    // Not permitted (no root) or the process is gone: measure without the boost.
  }
}

/**
 * Raises this process and `pids` (all their threads) to the boosted nice value and returns the
 * function that puts everything back. With autogroup scheduling (sched_autogroup_enabled=1) nice
 * only ranks processes within one session, so each session's autogroup is raised too: ours (the
 * servers are our children) and, for instance, Chromium's, which chrome-launcher starts detached.
 */
export function boostPriority(pids: number[]): () => void {
  if (BOOSTED_NICE === 0) return () => undefined;
  const threads = [process.pid, ...pids].flatMap(threadsOf);
  const previousNice = threads.map((tid) => {
    try {
      return getPriority(tid);
    } catch {
      return 0;
    }
  });
  const groups = new Map<string, { pid: number; nice: number }>();
  for (const pid of [process.pid, ...pids]) {
    const group = readAutogroup(pid);
    if (group && !groups.has(group.name)) groups.set(group.name, { pid, nice: group.nice });
  }
  threads.forEach((tid) => tryWrite(() => setPriority(tid, BOOSTED_NICE)));
  for (const { pid } of groups.values()) {
    tryWrite(() => writeFileSync(`/proc/${pid}/autogroup`, String(BOOSTED_NICE)));
  }
  return () => {
    threads.forEach((tid, index) => tryWrite(() => setPriority(tid, previousNice[index] ?? 0)));
    for (const { pid, nice } of groups.values()) {
      tryWrite(() => writeFileSync(`/proc/${pid}/autogroup`, String(nice)));
    }
  };
}

/** Runs `work` with this process and `pids` at the boosted priority, then puts them back. */
export async function withHighPriority<T>(pids: number[], work: () => Promise<T>): Promise<T> {
  const restore = boostPriority(pids);
  try {
    return await work();
  } finally {
    restore();
  }
}

export const boostedNice = (): number => BOOSTED_NICE;
