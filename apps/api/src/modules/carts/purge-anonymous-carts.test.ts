import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../db/database.ts';
import { cartItems, carts } from '../../db/schema/carts.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { poolOf } from '../../jobs/pg-boss-db.ts';
import { createRecordingLogger, startTestJobRunner, waitUntil } from '../../jobs/testing.ts';
import { createProduct, firstVariantOf, insertProducts } from '../../test/product-builder.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { createUser } from '../../test/user-builder.ts';
import {
  PURGE_ANONYMOUS_CARTS_JOB,
  purgeAnonymousCarts,
  purgeAnonymousCartsJob,
} from './purge-anonymous-carts.ts';

const now = new Date('2026-03-10T12:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

let database: Database;
let productId: number;
const runners: JobRunner[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  [productId] = (await insertProducts(database.db, [createProduct()])) as [number];
});

beforeEach(async () => {
  await database.db.delete(carts);
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

afterAll(async () => {
  await database.close();
});

/** A cart last touched `idleDays` before `now`, with one line. */
async function createCart(owner: { userId: number } | 'anonymous', idleDays: number) {
  const updatedAt = new Date(now.getTime() - idleDays * DAY_MS);
  const [cart] = await database.db
    .insert(carts)
    .values({
      ...(owner === 'anonymous' ? { sessionId: randomUUID() } : owner),
      createdAt: updatedAt,
      updatedAt,
    })
    .returning({ id: carts.id });
  await database.db
    .insert(cartItems)
    .values({ cartId: cart!.id, productId, variantId: firstVariantOf(productId), quantity: 2 });
  return cart!.id;
}

/** The usual mix: only the first cart is due. */
async function createCarts() {
  const user = await createUser(database);
  return {
    staleAnonymous: await createCart('anonymous', 31),
    keptAnonymous: [await createCart('anonymous', 30), await createCart('anonymous', 2)],
    staleUser: await createCart({ userId: user.id }, 90),
  };
}

async function remainingCartIds(): Promise<number[]> {
  const rows = await database.db.select({ id: carts.id }).from(carts).orderBy(carts.id);
  return rows.map((row) => row.id);
}

async function linesOf(cartId: number): Promise<number> {
  return (await database.db.select().from(cartItems).where(eq(cartItems.cartId, cartId))).length;
}

describe('purgeAnonymousCarts', () => {
  it('deletes anonymous carts idle for more than 30 days with their lines, and nothing else', async () => {
    const { staleAnonymous, keptAnonymous, staleUser } = await createCarts();

    expect(await purgeAnonymousCarts(database.db, now)).toBe(1);

    expect(await remainingCartIds()).toEqual([...keptAnonymous, staleUser]);
    expect(await linesOf(staleAnonymous)).toBe(0);
    expect(await linesOf(staleUser)).toBe(1);
    expect(await purgeAnonymousCarts(database.db, now)).toBe(0);
  });

  it('takes the time from the clock it is given', async () => {
    const { keptAnonymous, staleUser } = await createCarts();
    const tenDaysLater = new Date(now.getTime() + 10 * DAY_MS);

    expect(await purgeAnonymousCarts(database.db, tenDaysLater)).toBe(2);
    expect(await remainingCartIds()).toEqual([keptAnonymous[1], staleUser]);
  });
});

describe('purge job', () => {
  const job = () => purgeAnonymousCartsJob({ db: database.db, now: () => now });

  it('is scheduled daily at 03:17 in São Paulo', () => {
    expect(job().schedule).toEqual({ cron: '17 3 * * *', timezone: 'America/Sao_Paulo' });
  });

  it('runs through the job runner when sent, and logs how many carts went', async () => {
    const { keptAnonymous, staleUser } = await createCarts();
    const logger = createRecordingLogger();
    const runner = await startTestJobRunner({ database, logger, jobs: [job()] });
    runners.push(runner);

    await runner.send(PURGE_ANONYMOUS_CARTS_JOB);
    await waitUntil(() => logger.lines.some((line) => line.message === 'anonymous carts purged'));

    expect(await remainingCartIds()).toEqual([...keptAnonymous, staleUser]);
    expect(logger.lines).toContainEqual({
      level: 'info',
      message: 'anonymous carts purged',
      details: expect.objectContaining({ job: PURGE_ANONYMOUS_CARTS_JOB, purged: 1 }) as object,
    });
  });

  it('runs once per schedule tick with two runners (two processes) on one database', async () => {
    // The test schedule fires every minute; a run that straddled two minutes would see two ticks.
    const secondsLeft = 60 - new Date().getSeconds();
    if (secondsLeft < 12) await sleep(secondsLeft * 1000 + 500);

    await createCarts();
    const since = new Date();
    let runs = 0;
    const everyMinute = {
      ...job(),
      schedule: { cron: '* * * * *' },
      run: async (...args: Parameters<ReturnType<typeof job>['run']>) => {
        runs += 1;
        await job().run(...args);
      },
    };
    // On PostgreSQL the second runner gets its own pool, like another process would.
    const pool = poolOf(database);
    const second = pool ? openPostgres(pool.options.connectionString!, { poolMax: 2 }) : database;
    try {
      runners.push(
        await startTestJobRunner({ database, jobs: [everyMinute] }),
        await startTestJobRunner({ database: second, jobs: [everyMinute] }),
      );
      await waitUntil(() => runs === 1);
      // Both runners check the schedule every second: give a duplicate time to show up.
      await sleep(3000);
      expect(runs).toBe(1);
      const [{ count } = { count: -1 }] = (
        (await database.db.execute(
          sql`select count(*)::int as count from pgboss.job
            where name = ${PURGE_ANONYMOUS_CARTS_JOB} and created_on >= ${since}`,
        )) as { rows: { count: number }[] }
      ).rows;
      expect(count).toBe(1);
    } finally {
      await Promise.all(runners.splice(0).map((runner) => runner.stop()));
      if (second !== database) await second.close();
    }
  });
});
