/** A day on the calendar, with no time and no time zone (birth dates, 'today' in Brazil). */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Where the clock is read: the store runs on Brasília time whatever the server's zone is. */
export const STORE_TIME_ZONE = 'America/Sao_Paulo';

/** Something that says what time it is; tests pass a fixed one. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

const isoDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day an instant falls on in the store's time zone. */
export function calendarDateOf(instant: Date): CalendarDate {
  const parsed = parseCalendarDate(isoDayFormat.format(instant));
  if (parsed === undefined) throw new RangeError('Invalid instant');
  return parsed;
}

/** Parses 'YYYY-MM-DD' (what a date input gives) and rejects days that do not exist. */
export function parseCalendarDate(value: string): CalendarDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (match === null) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.UTC rolls 2023-02-30 over into March; a real day survives the round trip.
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1) return undefined;
  if (probe.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** Full years between a birth date and a day; negative when the birth date is later. */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const beforeBirthday =
    today.month < birth.month || (today.month === birth.month && today.day < birth.day);
  return today.year - birth.year - (beforeBirthday ? 1 : 0);
}

export function isAfter(a: CalendarDate, b: CalendarDate): boolean {
  return a.year * 10_000 + a.month * 100 + a.day > b.year * 10_000 + b.month * 100 + b.day;
}
