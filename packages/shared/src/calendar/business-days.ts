import type { CalendarDate } from '../validation/calendar-date.ts';

/**
 * Brazil's calendar of working days, counted on Brazilian calendar dates (Brasília, UTC-3 all
 * year): the national holidays of federal law (Lei 662/1949 as amended, Lei 6.802/1980, Lei
 * 14.759/2023 for 20 November, and Good Friday, which moves with Easter) for legal deadlines such
 * as the privacy policy's answer, and the days banks also close (Carnival Monday and Tuesday,
 * Corpus Christi) for when money moves: a boleto paid on its due date may reach the shop a bank
 * business day later.
 */

/** The national holidays on fixed dates, as [month, day]. */
const FIXED_HOLIDAYS: readonly (readonly [number, number])[] = [
  [1, 1],
  [4, 21],
  [5, 1],
  [9, 7],
  [10, 12],
  [11, 2],
  [11, 15],
  [12, 25],
];

/** Dia Nacional de Zumbi e da Consciência Negra (20/11), a national holiday from 2024. */
const BLACK_CONSCIOUSNESS_FROM = 2024;

/** Good Friday, in days from Easter Sunday: the one national holiday that moves. */
const GOOD_FRIDAY = -2;

/** Carnival Monday and Tuesday and Corpus Christi, in days from Easter: banks close on them too. */
const BANK_CLOSING_OFFSETS: readonly number[] = [-48, -47, 60];

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

function daysFromEaster(date: CalendarDate): number {
  return Math.round((utcDay(date) - utcDay(easterSunday(date.year))) / DAY_MS);
}

function isWeekend(date: CalendarDate): boolean {
  const weekday = new Date(utcDay(date)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** A national holiday by federal law. */
export function isNationalHoliday(date: CalendarDate): boolean {
  if (FIXED_HOLIDAYS.some(([month, day]) => date.month === month && date.day === day)) return true;
  if (date.month === 11 && date.day === 20) return date.year >= BLACK_CONSCIOUSNESS_FROM;
  return daysFromEaster(date) === GOOD_FRIDAY;
}

/** Whether banks close nationally on this day (weekends aside). */
export function isBankHoliday(date: CalendarDate): boolean {
  return isNationalHoliday(date) || BANK_CLOSING_OFFSETS.includes(daysFromEaster(date));
}

/** A working day for a legal deadline: Monday to Friday, not a national holiday. */
export function isBusinessDay(date: CalendarDate): boolean {
  return !isWeekend(date) && !isNationalHoliday(date);
}

/** A day banks clear payments: Monday to Friday, not a bank holiday. */
export function isBankBusinessDay(date: CalendarDate): boolean {
  return !isWeekend(date) && !isBankHoliday(date);
}

/** The first bank business day after `date` (never `date` itself). */
export function nextBankBusinessDay(date: CalendarDate): CalendarDate {
  let next = addCalendarDays(date, 1);
  while (!isBankBusinessDay(next)) next = addCalendarDays(next, 1);
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
