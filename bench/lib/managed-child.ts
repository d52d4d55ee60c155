import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { onExit } from './cleanup.ts';

const OUTPUT_LINES_KEPT = 60;

export interface ManagedChild {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Resolves when the process has exited (immediately if it already has). */
  exited(): Promise<void>;
  hasExited(): boolean;
  /** Last lines of stdout and stderr, for error messages. */
  outputTail(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; also kills `extraPids` (grandchildren). */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Spawns a process whose output is kept (not printed) and which is killed when the benchmark exits,
 * even on error or Ctrl+C. `extraPids` lets the caller add processes the child spawned itself.
 */
export function spawnManaged(
  command: string,
  args: string[],
  options: SpawnOptions,
  extraPids: () => number[] = () => [],
): ManagedChild {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`Could not start ${command} ${args.join(' ')}`);
  const pid = child.pid;
  const lines: string[] = [];
  const keep = (chunk: Buffer): void => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > OUTPUT_LINES_KEPT) lines.splice(0, lines.length - OUTPUT_LINES_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let done = child.exitCode !== null || child.signalCode !== null;
  const exitPromise = new Promise<void>((resolve) => {
    if (done) resolve();
    child.once('exit', () => {
      done = true;
      resolve();
    });
  });

  const signalAll = (signal: NodeJS.Signals): void => {
    for (const target of [...extraPids(), pid]) {
      try {
        process.kill(target, signal);
      } catch {
        // Already gone.
      }
    }
  };
  const unregister = onExit(() => {
    if (!done) signalAll('SIGTERM');
  });

  return {
    child,
    pid,
    exited: () => exitPromise,
    hasExited: () => done,
    outputTail: () => lines.join('\n'),
    async stop(graceMs = 5_000) {
      const grandchildren = extraPids();
      if (!done) {
        signalAll('SIGTERM');
        const timer = new Promise<'timeout'>((resolve) => setTimeout(resolve, graceMs, 'timeout'));
        if ((await Promise.race([exitPromise, timer])) === 'timeout') signalAll('SIGKILL');
        await Promise.race([exitPromise, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      }
      // A grandchild may outlive its parent (start.mjs forwards SIGTERM but does not wait).
      for (const target of grandchildren) await waitForPidGone(target, graceMs);
      unregister();
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForPidGone(pid: number, graceMs: number): Promise<void> {
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
