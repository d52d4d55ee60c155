import cluster from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { uploadsDirOf } from '../http/uploads.ts';
import { writeLogLine } from '../lib/log-line.ts';
import { resolveJwtSecret } from '../modules/auth/jwt-secret.ts';
import { seedDemoCatalog } from '../modules/catalog/seed-demo.ts';
import { resolveTokenCipher } from '../modules/erp/token-cipher.ts';
import { ensureAdminAtStart } from '../modules/users/admin.ts';
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
 * What must happen once before the workers start, so they do not race for it: the migrations,
 * ADMIN_EMAIL's account and the demo catalogue, and the secrets generated into DATA_DIR when not configured (every
 * worker must sign and encrypt with the same ones).
 */
async function prepareOnce(config: Config): Promise<void> {
  resolveJwtSecret(config);
  resolveTokenCipher(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: 1,
  });
  try {
    await database.migrate();
    // Workers would otherwise race to create ADMIN_EMAIL's account (one of them failing).
    const as =
      (level: 'info' | 'warn') =>
      (first: unknown, message?: string): void =>
        typeof first === 'string' ? log(level, first) : log(level, message ?? '', first as object);
    const logger = { info: as('info'), warn: as('warn') } as Pick<
      FastifyBaseLogger,
      'info' | 'warn'
    >;
    await ensureAdminAtStart({ db: database.db, logger }, config);
    if (config.seedDemoCatalog) {
      await seedDemoCatalog(database.db, uploadsDirOf(config.dataDir));
    }
  } finally {
    await database.close();
  }
}

/**
 * WEB_CONCURRENCY on PostgreSQL, to use every core: this process prepares the database, then runs
 * `count` workers (Node's cluster module: they share PORT, the primary hands out connections) and
 * keeps them running. Jobs are shared through pg-boss's tables, catalogue caches are cleared
 * through LISTEN/NOTIFY, account limits live in the database and the flood guard is counted here.
 * SIGTERM or SIGINT stops the workers (each finishes its requests) and then this process.
 */
export async function runPrimary(config: Config, count: number): Promise<void> {
  await prepareOnce(config);
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
