import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../validation/calendar-date.ts';
import {
  addCalendarDays,
  boletoSchedule,
  easterSunday,
  isBusinessDay,
  isNationalHoliday,
  isoCalendarDate,
  nextBusinessDay,
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

describe('national holidays', () => {
  it.each([
    '2026-01-01',
    '2026-02-16', // Carnival Monday
    '2026-02-17', // Carnival Tuesday
    '2026-04-03', // Good Friday
    '2026-04-21',
    '2026-05-01',
    '2026-06-04', // Corpus Christi
    '2026-09-07',
    '2026-10-12',
    '2026-11-02',
    '2026-11-15',
    '2026-11-20',
    '2026-12-25',
  ])('%s is a holiday', (iso) => {
    expect(isNationalHoliday(day(iso))).toBe(true);
  });

  it.each(['2026-02-18', '2026-04-02', '2026-06-05', '2026-11-27'])('%s is not', (iso) => {
    expect(isNationalHoliday(day(iso))).toBe(false);
  });
});

describe('nextBusinessDay', () => {
  it.each([
    ['2026-11-27', '2026-11-30'], // Friday -> Monday
    ['2026-11-30', '2026-12-01'],
    ['2026-11-19', '2026-11-23'], // Thursday, then Consciência Negra on Friday
    ['2026-02-13', '2026-02-18'], // Friday before Carnival -> Ash Wednesday
    ['2026-04-02', '2026-04-06'], // Good Friday
    ['2026-12-24', '2026-12-28'],
    ['2026-12-31', '2027-01-04'],
  ])('after %s comes %s', (from, to) => {
    expect(isoCalendarDate(nextBusinessDay(day(from)))).toBe(to);
  });

  it('is the first business day after the date: every day between is closed', () => {
    fc.assert(
      fc.property(calendarDay, (date) => {
        const next = nextBusinessDay(date);
        expect(isBusinessDay(next)).toBe(true);
        let between = addCalendarDays(date, 1);
        let gap = 1;
        while (isoCalendarDate(between) !== isoCalendarDate(next)) {
          expect(isBusinessDay(between)).toBe(false);
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
        const next = nextBusinessDay(date);
        const nextWeekday = new Date(Date.UTC(next.year, next.month - 1, next.day)).getUTCDay();
        expect([0, 6]).not.toContain(nextWeekday);
        if (weekday >= 1 && weekday <= 4 && isBusinessDay(addCalendarDays(date, 1))) {
          expect(isoCalendarDate(next)).toBe(isoCalendarDate(addCalendarDays(date, 1)));
        }
      }),
    );
  });
});

describe('boletoSchedule', () => {
  it('is due on the Brazilian calendar day, and waits until the end of the next business day', () => {
    // Friday 27/11 at 22:30 in Brasília is already Saturday in UTC: the Brazilian day counts.
    const schedule = boletoSchedule(new Date('2026-11-28T01:30:00Z'), 3);
    expect(isoCalendarDate(schedule.dueDate)).toBe('2026-11-30');
    expect(schedule.dueAt.toISOString()).toBe('2026-12-01T02:59:59.999Z');
    expect(schedule.deadline.toISOString()).toBe('2026-12-02T02:59:59.999Z');
  });

  it('skips the weekend and holidays after a due date', () => {
    // Due Thursday 19/11: Friday 20/11 is a holiday, so the order waits through Monday 23/11.
    const schedule = boletoSchedule(new Date('2026-11-16T15:00:00Z'), 3);
    expect(isoCalendarDate(schedule.dueDate)).toBe('2026-11-19');
    expect(schedule.deadline.toISOString()).toBe('2026-11-24T02:59:59.999Z');
  });

  it('the deadline always comes after the due date, at most a week later', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 30 }),
        (issuedAt, dueDays) => {
          const { dueAt, deadline } = boletoSchedule(issuedAt, dueDays);
          expect(dueAt.getTime()).toBeGreaterThan(issuedAt.getTime() + (dueDays - 1) * 86_400_000);
          expect(deadline.getTime()).toBeGreaterThan(dueAt.getTime());
          expect(deadline.getTime() - dueAt.getTime()).toBeLessThanOrEqual(5 * 86_400_000);
        },
      ),
    );
  });
});
