import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { STORE_TIME_ZONE } from '@lumina/shared/validation/calendar-date';
import type { Database } from '../db/database.ts';
import { createInFlight } from '../lib/in-flight.ts';
import { pgBossDb, withInstallLock } from './pg-boss-db.ts';

/** Queue names become part of pg-boss's SQL and logs: keep them plain. */
const JOB_NAME = /^[a-z0-9][a-z0-9._-]{0,49}$/;

/** What the runner and the jobs write to; Fastify's (pino) logger is one. */
export interface JobLogger {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
  child(bindings: Record<string, unknown>): JobLogger;
}

export interface JobContext {
  jobId: string;
  /** Bound to the job's name and id. */
  log: JobLogger;
}

/** A kind of background job: its queue, what it does, and when it runs on its own. */
export interface JobDefinition<Data extends object = object> {
  name: string;
  /** Throwing fails this attempt; pg-boss tries again up to `retryLimit` times. */
  run(data: Data, context: JobContext): Promise<void>;
  /**
   * Five-field cron in `timezone` (default the store's). Every process declares it, the database
   * keeps one copy, and each tick queues one job whatever the number of processes. Or every
   * `everySeconds`, for a period cron cannot say (under a minute): each working process queues
   * one for the period, and pg-boss keeps one per period whatever the number of processes.
   */
  schedule?: { cron: string; timezone?: string } | { everySeconds: number };
  /**
   * pg-boss queue policy. `short` keeps one waiting job per singleton key (a unique index on
   * created jobs, job_i1 in pg-boss 10's plans.js), which is what a delayed one-off such as a
   * PIX payment's expiry needs: sending it again does not queue a second.
   */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  /** Attempts after the first (default 2). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** An attempt running longer is failed (default 15 minutes). */
  expireInSeconds?: number;
}

export interface SendOptions {
  /** Not before this moment (default: as soon as a worker asks). */
  startAfter?: Date;
  /** With the queue's policy (e.g. `short`), a second job with the same key is not queued. */
  singletonKey?: string;
}

/** What a module needs to queue work for any process's runner. */
export interface JobSender {
  /** The job id, or null when the singleton key dropped it. */
  send(name: string, data?: object, options?: SendOptions): Promise<string | null>;
}

export interface JobRunner extends JobSender {
  /** Creates or migrates pg-boss's schema, the queues and schedules, then starts the workers. */
  start(): Promise<void>;
  /** Stops asking for work and waits (bounded) for running jobs; call before closing the database. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  database: Pick<Database, 'db'>;
  jobs: readonly JobDefinition[];
  logger: JobLogger;
  /**
   * false: this process queues jobs and keeps the schedules declared, but neither runs jobs nor
   * fires schedules (other processes on the same PostgreSQL do).
   */
  work?: boolean;
  /**
   * How often an idle worker asks for a job (pg-boss default 2 s; at least 0.5). A job this
   * process queues wakes its worker at once, and a worker that found work asks again straight
   * away, so the interval only bounds how late a job queued elsewhere (another process, a
   * schedule, a retry's delay) starts.
   */
  pollingIntervalSeconds?: number;
  /** How often the schedules are checked (pg-boss default 30 s) and due ones queued (5 s). */
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
  /** How long `stop` waits for running jobs (default 5 s; the server allows 10 s in all). */
  stopTimeoutMs?: number;
}

function checkDefinitions(jobs: readonly JobDefinition[]): void {
  const seen = new Set<string>();
  for (const { name } of jobs) {
    if (!JOB_NAME.test(name)) throw new Error(`Invalid job name: ${name}`);
    if (seen.has(name)) throw new Error(`Job declared twice: ${name}`);
    seen.add(name);
  }
}

function queueOptions(job: JobDefinition): PgBoss.Queue {
  // Explicit defaults, so removing an option in code also resets the stored queue.
  return {
    name: job.name,
    policy: job.policy ?? 'standard',
    retryLimit: job.retryLimit ?? 2,
    retryDelay: job.retryDelaySeconds ?? 0,
    expireInSeconds: job.expireInSeconds ?? 15 * 60,
  };
}

/**
 * Background jobs on pg-boss 10, over the API's own database connection (PGlite or PostgreSQL).
 * Jobs live in the `pgboss` schema and workers claim them with `FOR UPDATE SKIP LOCKED`. Each
 * schedule check runs in the one process whose `UPDATE pgboss.version SET cron_on` wins for the
 * interval, and the tick it queues carries a per-minute singleton key: any number of API processes
 * on one PostgreSQL run a scheduled job once per tick. A tick missed while no process ran is not
 * made up later.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { jobs, logger, work = true } = options;
  checkDefinitions(jobs);
  const stopTimeoutMs = options.stopTimeoutMs ?? 5000;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const db = pgBossDb(options.database);
  const bossOptions: PgBoss.ConstructorOptions = {
    db,
    schedule: work,
    supervise: work,
    pollingIntervalSeconds,
  };
  // pg-boss tests `'name' in options`: a key set to undefined would replace its default.
  if (options.cronMonitorIntervalSeconds) {
    bossOptions.cronMonitorIntervalSeconds = options.cronMonitorIntervalSeconds;
  }
  if (options.cronWorkerIntervalSeconds) {
    bossOptions.cronWorkerIntervalSeconds = options.cronWorkerIntervalSeconds;
  }
  const boss = new PgBoss(bossOptions);
  boss.on('error', (error) => logger.error({ err: error }, 'job runner error'));

  const handlers = createInFlight();
  /** Each queue's worker here, to wake it for a job queued by this process. */
  const workers = new Map<string, string>();
  const wake = (name: string) => {
    const worker = workers.get(name);
    if (worker) boss.notifyWorker(worker);
  };
  const intervals: ReturnType<typeof setInterval>[] = [];
  let state: 'idle' | 'starting' | 'running' | 'stopping' | 'stopped' = 'idle';
  let starting: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;

  async function runJob(job: JobDefinition, { id, data }: PgBoss.Job<object>): Promise<void> {
    // A job fetched as the runner stops goes back to the queue instead of racing the shutdown.
    if (state !== 'running') throw new Error('job runner stopping');
    const log = logger.child({ job: job.name, jobId: id });
    try {
      await handlers.track(job.run(data ?? {}, { jobId: id, log }));
    } catch (error) {
      log.error({ err: error }, 'job failed');
      throw error;
    }
  }

  /** pg-boss's schema, the queues and the schedules, as this code declares them. */
  async function install(): Promise<void> {
    await boss.start();
    for (const job of jobs) {
      await boss.createQueue(job.name, queueOptions(job));
      await boss.updateQueue(job.name, queueOptions(job));
      if (job.schedule && 'cron' in job.schedule) {
        // The store's clock on the wall, for schedules without a time zone of their own.
        const tz = job.schedule.timezone ?? STORE_TIME_ZONE;
        await boss.schedule(job.name, job.schedule.cron, undefined, { tz });
      }
    }
    // Schedules follow the code: one whose job is gone or no longer on a cron stops firing.
    const scheduled = new Set(
      jobs.filter((job) => job.schedule && 'cron' in job.schedule).map((job) => job.name),
    );
    for (const { name } of await boss.getSchedules()) {
      if (!scheduled.has(name)) await boss.unschedule(name);
    }
  }

  async function declare(): Promise<void> {
    // Processes starting together take turns: installing at once deadlocks in pg-boss's SQL.
    await withInstallLock(options.database, install);
    // A stop that came in meanwhile wins: no workers then.
    if (state !== 'starting') return;
    state = 'running';
    if (work) {
      for (const job of jobs) {
        const worker = await boss.work<object>(
          job.name,
          { pollingIntervalSeconds },
          async (batch) => {
            for (const item of batch) await runJob(job, item);
            // There may be more: ask again at once instead of after the interval.
            wake(job.name);
          },
        );
        workers.set(job.name, worker);
        if (job.schedule && 'everySeconds' in job.schedule) {
          intervals.push(every(job.name, job.schedule.everySeconds));
        }
      }
    }
    logger.info({ jobs: jobs.map((job) => job.name), work }, 'job runner started');
  }

  /** Queues the job each period; the period's singleton drops the other processes' copies. */
  function every(name: string, seconds: number): ReturnType<typeof setInterval> {
    const timer = setInterval(() => {
      if (state !== 'running') return;
      boss
        .send(name, {}, { singletonKey: 'every', singletonSeconds: seconds })
        .then((id) => {
          if (id) wake(name);
        })
        .catch((error: unknown) => logger.error({ err: error, job: name }, 'job not queued'));
    }, seconds * 1000);
    timer.unref();
    return timer;
  }

  /** pg-boss sends its last completions without awaiting them; the database must outlive them. */
  async function settle(): Promise<void> {
    do {
      await handlers.settled();
      await db.drain();
      // Completions are queued a few promise turns after a handler ends: let them start.
      await new Promise((resolve) => setImmediate(resolve));
    } while (handlers.size > 0 || db.pending > 0);
  }

  async function shutdown(): Promise<void> {
    const deadline = Date.now() + stopTimeoutMs;
    await starting?.catch(() => undefined);
    for (const timer of intervals) clearInterval(timer);
    // Waits for running jobs until the timeout, then marks the unfinished ones failed (retried).
    await boss.stop({ graceful: true, timeout: stopTimeoutMs });
    const timer = new AbortController();
    const settled = await Promise.race([
      settle().then(() => true),
      sleep(Math.max(deadline - Date.now(), 500), false, { signal: timer.signal }).catch(
        () => false,
      ),
    ]);
    timer.abort();
    if (!settled) logger.warn({ timeoutMs: stopTimeoutMs }, 'jobs still running at shutdown');
    state = 'stopped';
  }

  return {
    start() {
      // A shutdown that came first wins.
      if (state === 'stopping' || state === 'stopped') return Promise.resolve();
      if (state !== 'idle') throw new Error('A job runner starts once');
      state = 'starting';
      starting = declare();
      return starting;
    },

    stop() {
      if (state === 'idle') state = 'stopped';
      if (state === 'stopped') return stopping ?? Promise.resolve();
      if (!stopping) {
        state = 'stopping';
        stopping = shutdown();
      }
      return stopping;
    },

    async send(name, data = {}, sendOptions = {}) {
      if (!jobs.some((job) => job.name === name)) throw new Error(`Unknown job: ${name}`);
      // The server answers while the runner starts (health within 2 s of start): wait for it.
      if (state === 'starting') await starting;
      if (state !== 'running') throw new Error('The job runner is not running');
      const id = await boss.send(name, data, {
        startAfter: sendOptions.startAfter,
        singletonKey: sendOptions.singletonKey,
      });
      if (id && sendOptions.startAfter === undefined) wake(name);
      return id;
    },
  };
}
