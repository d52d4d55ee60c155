/**
 * The privacy policy promises an answer within 15 business days (spec 001 §9): Monday to Friday,
 * less Brazil's national holidays (Lei 662/1949 as amended, Lei 6.802/1980, Lei 14.759/2023 for
 * 20 November, and Good Friday, which moves with Easter). Days are counted on the shop's calendar
 * (America/Sao_Paulo, UTC−3 all year since 2019).
 */
export const PRIVACY_RESPONSE_BUSINESS_DAYS = 15;

const FIXED_HOLIDAYS = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '12-25'];
/** Dia Nacional de Zumbi e da Consciência Negra, a national holiday from 2024. */
const BLACK_CONSCIOUSNESS_FROM = 2024;

/** Easter Sunday (Gregorian, anonymous algorithm) as a UTC date. */
export function easterSunday(year: number): Date {
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
  return new Date(Date.UTC(year, month - 1, day));
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SHOP_OFFSET_MS = -3 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' of a calendar day held as UTC midnight. */
const isoDay = (day: Date) => day.toISOString().slice(0, 10);

export function isNationalHoliday(day: Date): boolean {
  const year = day.getUTCFullYear();
  const monthDay = isoDay(day).slice(5);
  if (FIXED_HOLIDAYS.includes(monthDay)) return true;
  if (monthDay === '11-20' && year >= BLACK_CONSCIOUSNESS_FROM) return true;
  const goodFriday = new Date(easterSunday(year).getTime() - 2 * DAY_MS);
  return isoDay(goodFriday) === isoDay(day);
}

export function isBusinessDay(day: Date): boolean {
  const weekday = day.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isNationalHoliday(day);
}

/**
 * The last moment to answer a request made at `from`: the end (23:59:59.999, shop time) of the
 * `count`th business day after the day of the request.
 */
export function businessDeadline(from: Date, count = PRIVACY_RESPONSE_BUSINESS_DAYS): Date {
  const local = new Date(from.getTime() + SHOP_OFFSET_MS);
  let day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  let counted = 0;
  while (counted < count) {
    day = new Date(day.getTime() + DAY_MS);
    if (isBusinessDay(day)) counted += 1;
  }
  return new Date(day.getTime() + DAY_MS - 1 - SHOP_OFFSET_MS);
}
