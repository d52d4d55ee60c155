import { readFileSync, readdirSync } from 'node:fs';

export interface ProcMemory {
  /** Resident set size now, in kB (VmRSS). */
  rssKb: number;
  /** Highest resident set size since the process started, in kB (VmHWM). */
  hwmKb: number;
}

/** Reads VmRSS and VmHWM from the text of /proc/<pid>/status. */
export function parseProcStatus(text: string): ProcMemory {
  const field = (name: string): number => {
    const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB$`, 'm').exec(text);
    if (!match?.[1]) throw new Error(`${name} missing from /proc status`);
    return Number(match[1]);
  };
  return { rssKb: field('VmRSS'), hwmKb: field('VmHWM') };
}

export function readProcMemory(pid: number): ProcMemory {
  return parseProcStatus(readFileSync(`/proc/${pid}/status`, 'utf8'));
}

/** Parent pid from the text of /proc/<pid>/stat (the command name may contain spaces and ')'). */
export function parseParentPid(statText: string): number {
  const afterName = statText.slice(statText.lastIndexOf(')') + 2);
  return Number(afterName.split(' ')[1]);
}

/** Pids of the live processes whose parent is `parentPid`, with their command lines. */
export function childProcesses(parentPid: number): { pid: number; cmdline: string }[] {
  const children: { pid: number; cmdline: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (parseParentPid(readFileSync(`/proc/${entry}/stat`, 'utf8')) !== parentPid) continue;
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      children.push({ pid: Number(entry), cmdline });
    } catch {
      // The process ended while we were reading it.
    }
  }
  return children;
}

export interface TreeProcess {
  pid: number;
  parentPid: number;
  cmdline: string;
  /** VmRSS in kB. */
  rssKb: number;
}

/** `rootPid` and every live process descended from it, parents before their children. */
export function processTree(rootPid: number): TreeProcess[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      parents.set(Number(entry), parseParentPid(readFileSync(`/proc/${entry}/stat`, 'utf8')));
    } catch {
      // The process ended while we were reading it.
    }
  }
  const tree: TreeProcess[] = [];
  const visit = (pid: number): void => {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      tree.push({
        pid,
        parentPid: parents.get(pid) ?? 0,
        cmdline,
        rssKb: readProcMemory(pid).rssKb,
      });
    } catch {
      return; // Gone (or a zombie, which has no memory left).
    }
    for (const [child, parent] of parents) if (parent === pid) visit(child);
  };
  visit(rootPid);
  return tree;
}

export const kbToMb = (kb: number): number => kb / 1024;

/**
 * Samples a memory reading every `intervalMs` so that the peak of any time window can be read
 * back (the load runs are windows of one sampling session). A reading of null (the process is
 * gone) stops the sampling.
 */
class RssSampler {
  private readonly samples: { at: number; rssKb: number }[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly read: () => number | null,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Highest sampled VmRSS (kB) between two Date.now() values; 0 when nothing was sampled. */
  peakKbBetween(from: number, to: number): number {
    let peak = 0;
    for (const sample of this.samples) {
      if (sample.at >= from && sample.at <= to) peak = Math.max(peak, sample.rssKb);
    }
    return peak;
  }

  sampleCount(): number {
    return this.samples.length;
  }

  private sample(): void {
    const rssKb = this.read();
    if (rssKb === null) return this.stop();
    this.samples.push({ at: Date.now(), rssKb });
  }
}

/** One process's VmRSS. */
export class MemorySampler extends RssSampler {
  constructor(
    readonly pid: number,
    intervalMs = 100,
  ) {
    super(() => {
      try {
        return readProcMemory(pid).rssKb;
      } catch {
        return null; // The process is gone.
      }
    }, intervalMs);
  }
}

/** The summed VmRSS of a process and its descendants (cluster workers, a build). */
export class TreeMemorySampler extends RssSampler {
  constructor(
    readonly rootPid: number,
    intervalMs = 200,
  ) {
    super(() => {
      const tree = processTree(rootPid);
      return tree.length === 0 ? null : tree.reduce((sum, p) => sum + p.rssKb, 0);
    }, intervalMs);
  }
}
