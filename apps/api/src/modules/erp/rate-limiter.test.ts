import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { createBlingRateLimiter } from './rate-limiter.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The most calls that started within any window of `ms` milliseconds. */
function peak(times: number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    const start = sorted[i] ?? 0;
    most = Math.max(most, sorted.filter((t) => t >= start && t < start + ms).length);
  }
  return most;
}

describe("Bling's rate limit, shared through the database", () => {
  it('lets at most 3 calls a second through, however many limiters (processes) ask', async () => {
    const limiters = [createBlingRateLimiter(database.db), createBlingRateLimiter(database.db)];
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 9 }, async (_, i) => {
        // The database's moment of each grant: what Bling sees, less the network's jitter.
        times.push((await limiters[i % 2]!.take()).getTime());
      }),
    );
    expect(times).toHaveLength(9);
    // Sliding, not fixed windows: no 1.1 s stretch, wherever it starts, holds a 4th call.
    expect(peak(times, 1100)).toBeLessThanOrEqual(3);
  });

  it('grants no call beyond the share, even when calls reach the database within the same tick of its clock', async () => {
    // A window longer than the test, so only the share may be granted however fast calls follow.
    // PGlite's clock ticks in milliseconds: rounds of calls back to back put some in one tick.
    const limiter = createBlingRateLimiter(database.db, { windowMs: 60_000 });
    const grantedPerRound: number[] = [];
    for (let round = 0; round < 30; round += 1) {
      await database.db.execute(sql`delete from bling_rate_limit`);
      let granted = 0;
      const takes = Array.from({ length: 12 }, () => limiter.take().then(() => (granted += 1)));
      await Promise.race([Promise.all(takes), sleep(60)]);
      grantedPerRound.push(granted);
    }
    expect(grantedPerRound.filter((granted) => granted !== 3)).toEqual([]);
  });

  it('stops for the day once the daily share is spent', async () => {
    const limiter = createBlingRateLimiter(database.db, { perDay: 1, perSecond: 100 });
    await database.db.execute(sql`delete from bling_rate_limit`);
    await limiter.take();
    await expect(limiter.take()).rejects.toThrow(/Limite diário/);
  });
});
