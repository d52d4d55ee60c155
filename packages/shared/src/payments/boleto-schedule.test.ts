import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoCalendarDate } from '../calendar/business-days.ts';
import { boletoSchedule } from './boleto-schedule.ts';

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
