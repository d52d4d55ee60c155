import { STORE_TIME_ZONE } from '@lumina/shared/validation/calendar-date';
import { and, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { carts } from '../../db/schema/carts.ts';
import type { JobDefinition } from '../../jobs/job-runner.ts';

/** A visitor's cart idle this long is dropped (abandoned ones pile up); a customer's never is. */
export const ANONYMOUS_CART_MAX_IDLE_DAYS = 30;

export const PURGE_ANONYMOUS_CARTS_JOB = 'purge-anonymous-carts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the anonymous carts last updated more than 30 days before `now` (their lines go by
 * cascade) and returns how many. The partial index carts_anonymous_updated_at_idx serves it.
 */
export async function purgeAnonymousCarts(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ANONYMOUS_CART_MAX_IDLE_DAYS * DAY_MS);
  const purged = await db
    .delete(carts)
    .where(and(isNotNull(carts.sessionId), lt(carts.updatedAt, cutoff)))
    .returning({ id: carts.id });
  return purged.length;
}

/** Daily at 03:17 São Paulo time, when the shop is quiet (and off the round hour). */
export function purgeAnonymousCartsJob(deps: { db: Db; now: () => Date }): JobDefinition {
  return {
    name: PURGE_ANONYMOUS_CARTS_JOB,
    schedule: { cron: '17 3 * * *', timezone: STORE_TIME_ZONE },
    async run(_data, { log }) {
      const purged = await purgeAnonymousCarts(deps.db, deps.now());
      log.info({ purged }, 'anonymous carts purged');
    },
  };
}
