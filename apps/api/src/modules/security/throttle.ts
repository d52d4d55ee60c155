import { and, count, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { throttleEvents } from '../../db/schema/security.ts';
import { AppError } from '../../http/app-error.ts';

export interface ThrottleRule {
  /** What is counted, e.g. `login:ip:203.0.113.9` or `password-reset:ip:203.0.113.9`. */
  key: string;
  /** Attempts allowed inside the window; the next one is refused. */
  max: number;
  windowMs: number;
}

export const THROTTLED_MESSAGE = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';

/** Events older than this are never read again (the longest window is an hour). */
const RETENTION_MS = 24 * 60 * 60 * 1000;
/** Old rows are pruned once every this many recorded events per process. */
const PRUNE_EVERY = 200;

/**
 * Sliding-window counters kept in the throttle_events table, so a limit holds across every API
 * process and survives restarts. A refused attempt is recorded too: a client that keeps
 * hammering stays refused instead of getting a fresh allowance as the window slides. Counting
 * and recording happen under a transaction-scoped advisory lock per key, so a burst of parallel
 * requests is counted one by one and never slips past a limit together.
 */
export function createThrottle({
  db,
  now,
  onLimitReached,
}: {
  db: Db;
  now: () => Date;
  /** Called once as a key reaches its limit (not for every refused attempt after it). */
  onLimitReached?: (key: string, rule: ThrottleRule) => Promise<void>;
}) {
  let recordedSincePrune = 0;

  async function record(key: string): Promise<void> {
    const at = now();
    await db.insert(throttleEvents).values({ key, createdAt: at });
    recordedSincePrune += 1;
    if (recordedSincePrune >= PRUNE_EVERY) {
      recordedSincePrune = 0;
      await db
        .delete(throttleEvents)
        .where(lt(throttleEvents.createdAt, new Date(at.getTime() - RETENTION_MS)));
    }
  }

  async function countRecent(key: string, windowMs: number, on: Db = db): Promise<number> {
    const since = new Date(now().getTime() - windowMs);
    const [row] = await on
      .select({ total: count() })
      .from(throttleEvents)
      .where(and(eq(throttleEvents.key, key), gte(throttleEvents.createdAt, since)));
    return row?.total ?? 0;
  }

  /**
   * Under each key's lock: how many attempts each rule already had, then one more recorded for
   * each. Answers the counts and the ids of the rows just written.
   */
  async function take(
    rules: readonly Pick<ThrottleRule, 'key' | 'windowMs'>[],
  ): Promise<{ counts: number[]; ids: number[] }> {
    const taken = await db.transaction(async (tx) => {
      // Always in the same order, so two requests locking the same keys never deadlock.
      for (const key of [...new Set(rules.map((rule) => rule.key))].sort()) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      }
      const counts: number[] = [];
      for (const rule of rules) counts.push(await countRecent(rule.key, rule.windowMs, tx));
      const at = now();
      const rows = await tx
        .insert(throttleEvents)
        .values(rules.map((rule) => ({ key: rule.key, createdAt: at })))
        .returning({ id: throttleEvents.id });
      return { counts, ids: rows.map((row) => row.id) };
    });
    recordedSincePrune += rules.length;
    if (recordedSincePrune >= PRUNE_EVERY) {
      recordedSincePrune = 0;
      await db
        .delete(throttleEvents)
        .where(lt(throttleEvents.createdAt, new Date(now().getTime() - RETENTION_MS)));
    }
    return taken;
  }

  return {
    record,
    countRecent,
    take,

    /** Takes back attempts `take` recorded (an attempt that turned out to be a success). */
    async release(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(throttleEvents).where(inArray(throttleEvents.id, [...ids]));
    },

    /**
     * Counts one attempt under every rule and throws a 429 AppError (pt-BR `message`) when any
     * rule already had its `max` attempts inside its window.
     */
    async consume(rules: readonly ThrottleRule[], message: string = THROTTLED_MESSAGE) {
      const { counts } = await take(rules);
      for (const [index, rule] of rules.entries()) {
        if (counts[index] === rule.max) await onLimitReached?.(rule.key, rule);
      }
      if (rules.some((rule, index) => (counts[index] ?? 0) >= rule.max)) {
        throw new AppError('too_many_requests', message, { code: 'throttled' });
      }
    },

    /** Forgets every attempt under `key` (a successful login clears its failures). */
    async clear(key: string): Promise<void> {
      await db.delete(throttleEvents).where(eq(throttleEvents.key, key));
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;

/**
 * A counter key that holds a person's e-mail, as its owner builds it: exactly `key`, or `prefix`,
 * any source, then `suffix`. Never a LIKE pattern: an e-mail's '_' is a LIKE wildcard, so
 * 'ana_b@…' would also match, and erase, the counters of 'anaxb@…'.
 */
export type ThrottleKeyMatch = { key: string } | { prefix: string; suffix: string };

function matching(match: ThrottleKeyMatch): SQL {
  if ('key' in match) return eq(throttleEvents.key, match.key);
  const { prefix, suffix } = match;
  return sql`(left(${throttleEvents.key}, ${prefix.length}::integer) = ${prefix}
    and right(${throttleEvents.key}, ${suffix.length}::integer) = ${suffix}
    and length(${throttleEvents.key}) > ${prefix.length + suffix.length}::integer)`;
}

/** LGPD erasure: the short-lived counters keyed by the person's e-mail go now, not in hours. */
export async function forgetThrottleKeys(
  tx: Db,
  matches: readonly ThrottleKeyMatch[],
): Promise<void> {
  if (matches.length === 0) return;
  await tx.delete(throttleEvents).where(or(...matches.map(matching)));
}
