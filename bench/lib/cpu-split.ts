import { readdirSync, readFileSync } from 'node:fs';
import { readCpuSeconds, readMachineBusySeconds } from './proc-cpu.ts';

/** Who used the 2 cores during a window, in cores (CPU seconds per second). */
export interface CpuSplit {
  api: number;
  postgres: number;
  bench: number;
  other: number;
}

/** The PostgreSQL server's processes (postmaster, backends, background workers). */
function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

function cpuOf(pids: number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      seconds.set(pid, readCpuSeconds(pid));
    } catch {
      // Gone meanwhile.
    }
  }
  return seconds;
}

/** CPU used since `before` by the processes alive now (a process born meanwhile counts whole). */
function usedSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/**
 * Starts measuring; the returned function ends the window. PostgreSQL backends that exit inside
 * the window are missed (the benchmark's own pool keeps its connections, so they are others').
 */
export function startCpuSplit(apiPids: number[]): () => CpuSplit {
  const started = performance.now();
  const machine = readMachineBusySeconds();
  const api = cpuOf(apiPids);
  const postgres = cpuOf(postgresPids());
  const bench = readCpuSeconds(process.pid);
  return () => {
    const seconds = (performance.now() - started) / 1_000;
    const split = {
      api: usedSince(api, cpuOf(apiPids)) / seconds,
      postgres: usedSince(postgres, cpuOf(postgresPids())) / seconds,
      bench: (readCpuSeconds(process.pid) - bench) / seconds,
    };
    const busy = (readMachineBusySeconds() - machine) / seconds;
    return { ...split, other: Math.max(0, busy - split.api - split.postgres - split.bench) };
  };
}

/** "api/postgres/bench/other" in cores, for a table cell. */
export function formatCpuSplit(cores: CpuSplit): string {
  return [cores.api, cores.postgres, cores.bench, cores.other]
    .map((used) => used.toFixed(2))
    .join('/');
}
