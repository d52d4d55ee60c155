import { calendarDateOf, type CalendarDate } from '../validation/calendar-date.ts';

/**
 * Business days as Brazilian banks count them (Monday to Friday, not a national holiday): a
 * boleto paid on its due date may reach the shop a business day later, so an order paid by
 * boleto waits that long before it is cancelled.
 */

/** The national holidays on fixed dates, as [month, day] (20/11 since Lei 14.759/2023). */
const FIXED_HOLIDAYS: readonly (readonly [number, number])[] = [
  [1, 1],
  [4, 21],
  [5, 1],
  [9, 7],
  [10, 12],
  [11, 2],
  [11, 15],
  [11, 20],
  [12, 25],
];

/** Days from Easter Sunday of the holidays that move with it: banks close on all of them. */
const EASTER_OFFSETS = {
  carnivalMonday: -48,
  carnivalTuesday: -47,
  goodFriday: -2,
  corpusChristi: 60,
} as const;

const DAY_MS = 86_400_000;

function utcDay(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day);
}

function fromUtcDay(ms: number): CalendarDate {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** `days` later (earlier when negative) on the calendar. */
export function addCalendarDays(date: CalendarDate, days: number): CalendarDate {
  return fromUtcDay(utcDay(date) + days * DAY_MS);
}

/** Easter Sunday of a Gregorian year (the anonymous algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

/** Whether banks close nationally on this day (weekends aside). */
export function isNationalHoliday(date: CalendarDate): boolean {
  if (FIXED_HOLIDAYS.some(([month, day]) => date.month === month && date.day === day)) return true;
  const easter = utcDay(easterSunday(date.year));
  const offset = Math.round((utcDay(date) - easter) / DAY_MS);
  return Object.values(EASTER_OFFSETS).some((days) => days === offset);
}

export function isBusinessDay(date: CalendarDate): boolean {
  const weekday = new Date(utcDay(date)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isNationalHoliday(date);
}

/** The first business day after `date` (never `date` itself). */
export function nextBusinessDay(date: CalendarDate): CalendarDate {
  let next = addCalendarDays(date, 1);
  while (!isBusinessDay(next)) next = addCalendarDays(next, 1);
  return next;
}

/** Brasília keeps UTC-3 all year (no daylight saving since 2019). */
const BRASILIA_OFFSET_HOURS = 3;

/** The last instant of a Brazilian calendar day (23:59:59.999 in Brasília). */
export function endOfBrazilianDay(date: CalendarDate): Date {
  return new Date(utcDay(date) + DAY_MS + BRASILIA_OFFSET_HOURS * 3_600_000 - 1);
}

/** 'YYYY-MM-DD'. */
export function isoCalendarDate(date: CalendarDate): string {
  const pad = (value: number, size: number) => String(value).padStart(size, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/**
 * A boleto issued at `issuedAt`: due `dueDays` Brazilian calendar days later (at the end of that
 * day), and the moment the order stops waiting for it: the end of the next business day after
 * the due date, when a payment made on the due date has had its business day to arrive.
 */
export function boletoSchedule(
  issuedAt: Date,
  dueDays: number,
): { dueDate: CalendarDate; dueAt: Date; deadline: Date } {
  const dueDate = addCalendarDays(calendarDateOf(issuedAt), dueDays);
  return {
    dueDate,
    dueAt: endOfBrazilianDay(dueDate),
    deadline: endOfBrazilianDay(nextBusinessDay(dueDate)),
  };
}
