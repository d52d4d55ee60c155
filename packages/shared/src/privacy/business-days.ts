import { addCalendarDays, endOfBrazilianDay, isBusinessDay } from '../calendar/business-days.ts';
import { calendarDateOf } from '../validation/calendar-date.ts';

/**
 * The privacy policy promises an answer within 15 business days (spec 001 §9): Monday to Friday,
 * less Brazil's national holidays, counted on the shop's calendar (São Paulo).
 */
export const PRIVACY_RESPONSE_BUSINESS_DAYS = 15;

/**
 * The last moment to answer a request made at `from`: the end (23:59:59.999, shop time) of the
 * `count`th business day after the day of the request.
 */
export function businessDeadline(from: Date, count = PRIVACY_RESPONSE_BUSINESS_DAYS): Date {
  let day = calendarDateOf(from);
  let counted = 0;
  while (counted < count) {
    day = addCalendarDays(day, 1);
    if (isBusinessDay(day)) counted += 1;
  }
  return endOfBrazilianDay(day);
}
