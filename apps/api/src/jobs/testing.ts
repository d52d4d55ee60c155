import { setTimeout as sleep } from 'node:timers/promises';
import { createJobRunner, type JobLogger, type JobRunnerOptions } from './job-runner.ts';

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  details: Record<string, unknown>;
}

/** A logger that keeps its lines (with the child bindings merged in) for assertions. */
export function createRecordingLogger(
  lines: LogLine[] = [],
  bindings: Record<string, unknown> = {},
): JobLogger & { lines: LogLine[] } {
  const write = (level: LogLine['level']) => (details: Record<string, unknown>, message: string) =>
    void lines.push({ level, message, details: { ...bindings, ...details } });
  return {
    lines,
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (more) => createRecordingLogger(lines, { ...bindings, ...more }),
  };
}

/** pg-boss's shortest intervals, so a test sees a job or a schedule within a second or two. */
export const FAST_JOB_TIMINGS = {
  pollingIntervalSeconds: 0.5,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
  stopTimeoutMs: 2000,
} satisfies Partial<JobRunnerOptions>;

/** A started runner with fast timings; stop it in the test's cleanup. */
export async function startTestJobRunner(
  options: Omit<JobRunnerOptions, 'logger'> & { logger?: JobLogger },
) {
  const logger = options.logger ?? createRecordingLogger();
  const runner = createJobRunner({ ...FAST_JOB_TIMINGS, ...options, logger });
  await runner.start();
  return runner;
}

/** Polls `check` until it returns true; fails after `timeoutMs`. */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await sleep(50);
  }
}
