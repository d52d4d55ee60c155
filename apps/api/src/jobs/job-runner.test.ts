import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { createJobRunner, type JobDefinition, type JobRunner } from './job-runner.ts';
import { createRecordingLogger, startTestJobRunner, waitUntil } from './testing.ts';

let database: Database;
const runners: JobRunner[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

afterAll(async () => {
  await database.close();
});

async function start(options: Omit<Parameters<typeof startTestJobRunner>[0], 'database'>) {
  const runner = await startTestJobRunner({ database, ...options });
  runners.push(runner);
  return runner;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as { rows: T[] }).rows;
}

/** A job that records the data of each run. */
function recordingJob(name: string, extra: Partial<JobDefinition> = {}) {
  const runs: object[] = [];
  const job: JobDefinition = {
    name,
    run: (data) => {
      runs.push(data);
      return Promise.resolve();
    },
    ...extra,
  };
  return { job, runs };
}

describe('job runner', () => {
  it("creates pg-boss's schema in the API's database and runs a sent job with its data", async () => {
    const { job, runs } = recordingJob('test-send');
    const runner = await start({ jobs: [job] });

    const [version] = await rows<{ version: number }>(sql`select version from pgboss.version`);
    expect(version?.version).toBe(24);

    expect(await runner.send('test-send', { orderId: 7 })).toEqual(expect.any(String));
    await waitUntil(() => runs.length === 1);
    expect(runs).toEqual([{ orderId: 7 }]);
  });

  it('logs a failed attempt and tries again', async () => {
    let attempts = 0;
    const logger = createRecordingLogger();
    const runner = await start({
      logger,
      jobs: [
        {
          name: 'test-retry',
          retryLimit: 1,
          run: () => {
            attempts += 1;
            return attempts === 1 ? Promise.reject(new Error('boom')) : Promise.resolve();
          },
        },
      ],
    });

    await runner.send('test-retry');
    await waitUntil(() => attempts === 2);
    expect(logger.lines).toContainEqual({
      level: 'error',
      message: 'job failed',
      details: expect.objectContaining({ job: 'test-retry', err: new Error('boom') }) as object,
    });
  });

  it('keeps one waiting delayed job per singleton key and runs it when due', async () => {
    const { job, runs } = recordingJob('test-delayed', { policy: 'short' });
    const runner = await start({ jobs: [job] });
    const later = new Date(Date.now() + 60 * 60 * 1000);

    const first = await runner.send(
      'test-delayed',
      { paymentId: 1 },
      {
        startAfter: later,
        singletonKey: 'payment-1',
      },
    );
    expect(first).toEqual(expect.any(String));
    const again = await runner.send(
      'test-delayed',
      { paymentId: 1 },
      {
        startAfter: later,
        singletonKey: 'payment-1',
      },
    );
    expect(again).toBeNull();

    const sentAt = Date.now();
    await runner.send(
      'test-delayed',
      { paymentId: 2 },
      {
        startAfter: new Date(sentAt + 1000),
        singletonKey: 'payment-2',
      },
    );
    await waitUntil(() => runs.length === 1);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1000);
    expect(runs).toEqual([{ paymentId: 2 }]);
  });

  it("declares schedules in the store's time zone and drops those no job declares", async () => {
    const daily = recordingJob('test-daily', { schedule: { cron: '17 3 * * *' } }).job;
    const first = await start({ jobs: [daily] });
    expect(
      await rows(sql`select name, cron, timezone from pgboss.schedule where name = 'test-daily'`),
    ).toEqual([{ name: 'test-daily', cron: '17 3 * * *', timezone: 'America/Sao_Paulo' }]);
    await first.stop();

    await start({ jobs: [{ ...daily, schedule: undefined }] });
    expect(await rows(sql`select name from pgboss.schedule`)).toEqual([]);
  });

  it('runs a job every few seconds, once a period whatever the number of runners', async () => {
    const { job, runs } = recordingJob('test-every', { schedule: { everySeconds: 1 } });
    const startedAt = Date.now();
    await start({ jobs: [job] });
    await start({ jobs: [job] });
    await waitUntil(() => runs.length >= 3);
    // Two runners queue each period's job, and pg-boss keeps one of the two.
    expect(runs.length).toBeLessThanOrEqual(Math.ceil((Date.now() - startedAt) / 1000) + 1);
    expect(await rows(sql`select name from pgboss.schedule`)).toEqual([]);
  });

  it('stops after the running job ends and its completion is stored', async () => {
    let release: () => void = () => undefined;
    let finished = false;
    const runner = await start({
      jobs: [
        {
          name: 'test-slow',
          run: async () => {
            await new Promise<void>((resolve) => (release = resolve));
            finished = true;
          },
        },
      ],
    });
    const id = await runner.send('test-slow');
    await waitUntil(async () => {
      const [job] = await rows<{ state: string }>(
        sql`select state from pgboss.job where id = ${id}`,
      );
      return job?.state === 'active';
    });

    setTimeout(() => release(), 300);
    await runner.stop();
    expect(finished).toBe(true);
    expect(await rows(sql`select state from pgboss.job where id = ${id}`)).toEqual([
      { state: 'completed' },
    ]);
  });

  it('gives up on a job that outlives the stop timeout and leaves it to be retried', async () => {
    let release: (() => void) | undefined;
    const logger = createRecordingLogger();
    const runner = await start({
      logger,
      stopTimeoutMs: 1000,
      jobs: [
        { name: 'test-stuck', run: () => new Promise<void>((resolve) => (release = resolve)) },
      ],
    });
    const id = await runner.send('test-stuck');
    await waitUntil(() => release !== undefined);

    const stopAt = Date.now();
    await runner.stop();
    expect(Date.now() - stopAt).toBeLessThan(3000);
    expect(logger.lines).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'jobs still running at shutdown' }),
    );
    expect(await rows(sql`select state from pgboss.job where id = ${id}`)).toEqual([
      { state: 'retry' },
    ]);
    // Lets the handler end, and pg-boss's late completion land, while the database is open (a
    // server exits at this point instead).
    release?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  it('with work off, queues jobs that another runner runs', async () => {
    const { job, runs } = recordingJob('test-elsewhere');
    const sender = await start({ jobs: [job], work: false });
    await sender.send('test-elsewhere', { n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(runs).toEqual([]);

    await start({ jobs: [job] });
    await waitUntil(() => runs.length === 1);
  });

  it('a job sent while the runner is starting waits for the start and then runs', async () => {
    const logger = createRecordingLogger();
    const { job, runs } = recordingJob('test-early');
    const runner = createJobRunner({ database, logger, jobs: [job], pollingIntervalSeconds: 0.5 });
    runners.push(runner);
    const started = runner.start();
    // The server is already answering: a request queues a job before the start has finished.
    const sent = runner.send('test-early', { n: 1 });
    await started;
    expect(await sent).toEqual(expect.any(String));
    await waitUntil(() => runs.length === 1);
  });

  it('runs what this process queues at once and drains a queue, however long the idle poll', async () => {
    const { job, runs } = recordingJob('test-wake');
    // An idle worker asks only once a minute here: waiting for its poll would fail this test.
    const runner = await start({ jobs: [job], pollingIntervalSeconds: 60 });
    await runner.send('test-wake', { n: 1 });
    await waitUntil(() => runs.length === 1, 5_000);
    for (let n = 2; n <= 6; n += 1) await runner.send('test-wake', { n });
    await waitUntil(() => runs.length === 6, 5_000);
    expect(runs.map((data) => (data as { n: number }).n).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses unknown jobs, bad names and sending before start', async () => {
    const logger = createRecordingLogger();
    const { job } = recordingJob('test-refuse');
    const runner = createJobRunner({ database, logger, jobs: [job] });
    await expect(runner.send('test-refuse')).rejects.toThrow('The job runner is not running');
    await expect(runner.send('nope')).rejects.toThrow('Unknown job: nope');
    expect(() => createJobRunner({ database, logger, jobs: [job, job] })).toThrow(
      'Job declared twice',
    );
    expect(() =>
      createJobRunner({ database, logger, jobs: [{ ...job, name: 'Bad Name' }] }),
    ).toThrow('Invalid job name');
    await runner.stop();
  });
});
