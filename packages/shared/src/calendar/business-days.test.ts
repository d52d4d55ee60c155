import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../validation/calendar-date.ts';
import {
  addCalendarDays,
  easterSunday,
  isBankBusinessDay,
  isBankHoliday,
  isBusinessDay,
  isNationalHoliday,
  isoCalendarDate,
  nextBankBusinessDay,
} from './business-days.ts';

const day = (iso: string): CalendarDate => {
  const [year, month, date] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day: date };
};

const calendarDay = fc
  .date({
    min: new Date('2000-01-01T12:00:00Z'),
    max: new Date('2100-12-31T12:00:00Z'),
    noInvalidDate: true,
  })
  .map((instant) => ({
    year: instant.getUTCFullYear(),
    month: instant.getUTCMonth() + 1,
    day: instant.getUTCDate(),
  }));

describe('easterSunday', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('%d -> %s', (year, iso) => {
    expect(isoCalendarDate(easterSunday(year))).toBe(iso);
  });
});

describe('holidays', () => {
  it.each([
    '2026-01-01',
    '2026-04-03', // Good Friday
    '2026-04-21',
    '2026-05-01',
    '2026-09-07',
    '2026-10-12',
    '2026-11-02',
    '2026-11-15',
    '2026-11-20',
    '2026-12-25',
  ])('%s is a national holiday, and banks close', (iso) => {
    expect(isNationalHoliday(day(iso))).toBe(true);
    expect(isBankHoliday(day(iso))).toBe(true);
  });

  it.each([
    '2026-02-16', // Carnival Monday
    '2026-02-17', // Carnival Tuesday
    '2026-06-04', // Corpus Christi
  ])('%s closes the banks without being a national holiday', (iso) => {
    expect(isNationalHoliday(day(iso))).toBe(false);
    expect(isBankHoliday(day(iso))).toBe(true);
    expect(isBusinessDay(day(iso))).toBe(true);
    expect(isBankBusinessDay(day(iso))).toBe(false);
  });

  it('counts 20 November from 2024 on', () => {
    expect(isNationalHoliday(day('2023-11-20'))).toBe(false);
    expect(isNationalHoliday(day('2026-11-20'))).toBe(true);
  });

  it.each(['2026-02-18', '2026-04-02', '2026-06-05', '2026-11-27'])('%s is not', (iso) => {
    expect(isBankHoliday(day(iso))).toBe(false);
  });
});

describe('nextBankBusinessDay', () => {
  it.each([
    ['2026-11-27', '2026-11-30'], // Friday -> Monday
    ['2026-11-30', '2026-12-01'],
    ['2026-11-19', '2026-11-23'], // Thursday, then Consciência Negra on Friday
    ['2026-02-13', '2026-02-18'], // Friday before Carnival -> Ash Wednesday
    ['2026-04-02', '2026-04-06'], // Good Friday
    ['2026-12-24', '2026-12-28'],
    ['2026-12-31', '2027-01-04'],
  ])('after %s comes %s', (from, to) => {
    expect(isoCalendarDate(nextBankBusinessDay(day(from)))).toBe(to);
  });

  it('is the first business day after the date: every day between is closed', () => {
    fc.assert(
      fc.property(calendarDay, (date) => {
        const next = nextBankBusinessDay(date);
        expect(isBankBusinessDay(next)).toBe(true);
        let between = addCalendarDays(date, 1);
        let gap = 1;
        while (isoCalendarDate(between) !== isoCalendarDate(next)) {
          expect(isBankBusinessDay(between)).toBe(false);
          between = addCalendarDays(between, 1);
          gap += 1;
        }
        // Carnival from a Friday is the longest wait: Saturday to Tuesday closed.
        expect(gap).toBeGreaterThanOrEqual(1);
        expect(gap).toBeLessThanOrEqual(5);
      }),
    );
  });

  it('never lands on a weekend', () => {
    fc.assert(
      fc.property(calendarDay, (date) => {
        const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
        const next = nextBankBusinessDay(date);
        const nextWeekday = new Date(Date.UTC(next.year, next.month - 1, next.day)).getUTCDay();
        expect([0, 6]).not.toContain(nextWeekday);
        if (weekday >= 1 && weekday <= 4 && isBankBusinessDay(addCalendarDays(date, 1))) {
          expect(isoCalendarDate(next)).toBe(isoCalendarDate(addCalendarDays(date, 1)));
        }
      }),
    );
  });
});
