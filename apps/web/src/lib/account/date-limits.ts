import { MAX_AGE } from '@lumina/shared/constants/storefront-constants';
import { calendarDateOf } from '@lumina/shared/validation/calendar-date';

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The date picker's bounds for a birth date: today (Brasília) back to 120 years ago. */
export function birthDateLimits(now: Date = new Date()): { min: string; max: string } {
  const today = calendarDateOf(now);
  return {
    min: iso(today.year - MAX_AGE, today.month, today.day),
    max: iso(today.year, today.month, today.day),
  };
}
