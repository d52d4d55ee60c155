import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { BlingUnavailableError, type BlingLimiter } from '../../integrations/bling/bling-client.ts';
import { STORE_TIMEZONE } from '../../jobs/job-runner.ts';

/** Bling's limits (REFERENCE.md): 3 requests a second and 120,000 a day per account. */
export const BLING_PER_SECOND = 3;
export const BLING_PER_DAY = 120_000;
/** A little more than a second, so clock and network jitter never put 4 calls in Bling's second. */
const WINDOW_MS = 1_100;

interface Turn {
  window_count: number;
  day_count: number;
  wait_ms: number;
}

/**
 * Bling's limits for every process at once: each call takes its turn in one row of PostgreSQL
 * (one atomic upsert on the database clock). Over the second's share it waits for the next
 * window; over the day's share it gives up until tomorrow (the jobs try again later).
 */
export function createBlingRateLimiter(
  db: Db,
  options: { perSecond?: number; perDay?: number; windowMs?: number } = {},
): BlingLimiter {
  const perSecond = options.perSecond ?? BLING_PER_SECOND;
  const perDay = options.perDay ?? BLING_PER_DAY;
  const windowMs = options.windowMs ?? WINDOW_MS;
  const window = sql.raw(`interval '${Math.round(windowMs)} milliseconds'`);
  const zone = STORE_TIMEZONE;

  async function turn(): Promise<Turn> {
    const [row] = rowsOf<Turn>(
      await db.execute(sql`
        insert into bling_rate_limit as r (id, window_start, window_count, day, day_count)
        select 1, now.t, 1, (now.t at time zone ${zone})::date, 1
          from (select clock_timestamp() as t) as now
        on conflict (id) do update set
          window_start = case when r.window_start + ${window} <= excluded.window_start
                              then excluded.window_start else r.window_start end,
          window_count = case when r.window_start + ${window} <= excluded.window_start
                              then 1 else r.window_count + 1 end,
          day = excluded.day,
          day_count = (case when r.day = excluded.day then r.day_count else 0 end)
                    + (case when r.window_start + ${window} <= excluded.window_start
                              or r.window_count < ${perSecond} then 1 else 0 end)
        returning window_count, day_count,
          greatest(0, ceil(extract(epoch from (window_start + ${window} - clock_timestamp())) * 1000))::integer as wait_ms
      `),
    );
    if (!row) throw new Error('bling_rate_limit upsert returned no row');
    return row;
  }

  return {
    async take() {
      for (;;) {
        const { window_count, day_count, wait_ms } = await turn();
        if (window_count <= perSecond) {
          if (day_count > perDay) {
            throw new BlingUnavailableError(
              'Limite diário de chamadas ao Bling atingido: a sincronização continua amanhã.',
            );
          }
          return;
        }
        await sleep(Math.max(wait_ms, 10) + Math.floor(Math.random() * 20));
      }
    },
  };
}
