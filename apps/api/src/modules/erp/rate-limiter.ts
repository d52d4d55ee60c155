import { setTimeout as sleep } from 'node:timers/promises';
import { STORE_TIME_ZONE } from '@lumina/shared/validation/calendar-date';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { BlingUnavailableError } from '../../integrations/bling/bling-client.ts';

/** Bling's limits (REFERENCE.md): 3 requests a second and 120,000 a day per account. */
export const BLING_PER_SECOND = 3;
export const BLING_PER_DAY = 120_000;
/** A little more than a second, so clock and network jitter never put 4 calls in Bling's second. */
const WINDOW_MS = 1_100;

interface Turn {
  granted: boolean;
  day_count: number;
  wait_ms: number;
  granted_at: string | Date;
}

/**
 * Bling's limits for every process at once: each call takes its turn in one row of PostgreSQL
 * (one atomic upsert on the database clock) that remembers the moments of the last calls let
 * through. A call goes when the oldest of them is a window old, so no window of that length,
 * wherever it starts, ever holds more than the per-second share. Over the day's share it gives
 * up until tomorrow (the jobs try again later).
 */
export function createBlingRateLimiter(
  db: Db,
  options: { perSecond?: number; perDay?: number; windowMs?: number } = {},
): { take(): Promise<Date> } {
  const perSecond = options.perSecond ?? BLING_PER_SECOND;
  const perDay = options.perDay ?? BLING_PER_DAY;
  const windowMs = options.windowMs ?? WINDOW_MS;
  const window = sql.raw(`interval '${Math.round(windowMs)} milliseconds'`);
  const zone = STORE_TIME_ZONE;

  async function turn(): Promise<Turn> {
    // `free`: fewer calls remembered than the share, or the oldest one left the window.
    const free = sql`(cardinality(r.recent) < ${perSecond} or r.recent[1] + ${window} <= excluded.recent[1])`;
    // Each call draws its own number: it was let through when the row ends with that number.
    const [row] = rowsOf<Turn>(
      await db.execute(sql`
        with call as (select clock_timestamp() as t, gen_random_uuid() as id)
        insert into bling_rate_limit as r (id, recent, day, day_count, last_grant)
        select 1, array[call.t], (call.t at time zone ${zone})::date, 1, call.id from call
        on conflict (id) do update set
          recent = case when ${free}
                        then (r.recent || excluded.recent)[greatest(1, cardinality(r.recent) + 2 - ${perSecond}):]
                        else r.recent end,
          last_grant = case when ${free} then excluded.last_grant else r.last_grant end,
          day = excluded.day,
          day_count = (case when r.day = excluded.day then r.day_count else 0 end)
                    + (case when ${free} then 1 else 0 end)
        returning last_grant = (select id from call) as granted, day_count,
          (select t from call) as granted_at,
          greatest(0, ceil(extract(epoch from (recent[1] + ${window} - (select t from call))) * 1000))::integer as wait_ms
      `),
    );
    if (!row) throw new Error('bling_rate_limit upsert returned no row');
    return row;
  }

  return {
    /** Resolves, on the database's clock, when the turn was granted. */
    async take() {
      for (;;) {
        const { granted, day_count, wait_ms, granted_at } = await turn();
        if (granted) {
          if (day_count > perDay) {
            throw new BlingUnavailableError(
              'Limite diário de chamadas ao Bling atingido: a sincronização continua amanhã.',
            );
          }
          return new Date(granted_at);
        }
        await sleep(Math.max(wait_ms, 10) + Math.floor(Math.random() * 20));
      }
    },
  };
}
