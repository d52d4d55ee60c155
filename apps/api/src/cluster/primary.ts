import cluster from 'node:cluster';
import type { Config } from '../config.ts';
import { writeLogLine } from '../lib/log-line.ts';
import { PREPARE_ENV } from './prepare-role.ts';
import { serveClusterRateLimits } from './rate-limit-store.ts';

/** A worker that dies is started again after this long (longer while they keep dying). */
const RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** Workers get this long to finish their requests after SIGTERM (theirs is 10 s). */
const STOP_GRACE_MS = 15_000;

/** The primary logs as the workers do (pino's JSON lines), with no logger of its own to load. */
function log(level: 'info' | 'warn' | 'error', msg: string, details: object = {}): void {
  writeLogLine(level, msg, { role: 'primary', ...details });
}

/**
 * Runs prepareOnce in a worker of its own that exits when done: the primary thereby never loads
 * the database driver, the migrations or the catalogue code, and stays a small process beside
 * the workers.
 */
function prepareInWorker(): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = cluster.fork({ [PREPARE_ENV]: '1' });
    worker.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`preparing the database failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/**
 * WEB_CONCURRENCY on PostgreSQL, to use every core: this process prepares the database, then runs
 * `count` workers (Node's cluster module: they share PORT, the primary hands out connections) and
 * keeps them running. Jobs are shared through pg-boss's tables, catalogue caches are cleared
 * through LISTEN/NOTIFY, account limits live in the database and the flood guard is counted here.
 * SIGTERM or SIGINT stops the workers (each finishes its requests) and then this process.
 */
export async function runPrimary(config: Config, count: number): Promise<void> {
  await prepareInWorker();
  serveClusterRateLimits();

  let stopping = false;
  let restartDelay = RESTART_DELAY_MS;
  const fork = (): void => {
    cluster.fork();
  };
  cluster.on('listening', () => {
    restartDelay = RESTART_DELAY_MS;
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log('error', 'worker stopped: starting another', {
      worker: worker.process.pid,
      code,
      signal,
      restartInMs: restartDelay,
    });
    setTimeout(fork, restartDelay);
    restartDelay = Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
  });

  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    log('info', 'stopping the workers', { signal });
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      log('error', 'workers took too long to stop: exiting');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < count; i++) fork();
  log('info', 'cluster started', { workers: count });
}
