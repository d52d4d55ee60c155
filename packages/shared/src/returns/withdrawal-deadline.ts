import { calendarDateOf } from '../validation/calendar-date.ts';
import { WITHDRAWAL_DAYS } from './return-schemas.ts';

/** Brasília has kept UTC-3 all year since 2019 (no daylight saving), the store's clock. */
const SAO_PAULO_OFFSET_HOURS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The last instant a withdrawal may be asked: 23:59:59.999 in São Paulo of the seventh day after
 * the day of delivery (CDC art. 49 counts days from receipt, the day of receipt excluded). The
 * API refuses later requests and the shopper's page says the same day, from this one rule.
 */
export function withdrawalDeadline(deliveredAt: Date): Date {
  const { year, month, day } = calendarDateOf(deliveredAt);
  const nextMidnight = Date.UTC(year, month - 1, day + WITHDRAWAL_DAYS + 1, SAO_PAULO_OFFSET_HOURS);
  return new Date(nextMidnight - 1);
}

/** The day a deadline falls on, as a shopper reads it: 04/12/2026. */
export function formatStoreDay(instant: Date): string {
  const { year, month, day } = calendarDateOf(instant);
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}

/**
 * Calendar days from today to the deadline's day in São Paulo: 0 on the last day, negative once
 * it has passed.
 */
export function calendarDaysUntil(deadline: Date, now: Date): number {
  const a = calendarDateOf(deadline);
  const b = calendarDateOf(now);
  return Math.round(
    (Date.UTC(a.year, a.month - 1, a.day) - Date.UTC(b.year, b.month - 1, b.day)) / DAY_MS,
  );
}
