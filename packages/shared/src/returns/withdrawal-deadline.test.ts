import { describe, expect, it } from 'vitest';
import { calendarDaysUntil, formatStoreDay, withdrawalDeadline } from './withdrawal-deadline.ts';

describe('withdrawalDeadline', () => {
  it('ends at 23:59:59 in São Paulo of the seventh day after delivery', () => {
    // Delivered on 26/11 at 22:00 in São Paulo (01:00 UTC of the 27th).
    const deadline = withdrawalDeadline(new Date('2026-11-27T01:00:00Z'));
    expect(deadline.toISOString()).toBe('2026-12-04T02:59:59.999Z');
    expect(formatStoreDay(deadline)).toBe('03/12/2026');
  });

  it('counts calendar days left in São Paulo: 0 on the last day, negative after it', () => {
    const deadline = withdrawalDeadline(new Date('2026-11-26T15:00:00Z'));
    expect(calendarDaysUntil(deadline, new Date('2026-11-26T15:00:00Z'))).toBe(7);
    expect(calendarDaysUntil(deadline, new Date('2026-12-03T23:00:00Z'))).toBe(0);
    expect(calendarDaysUntil(deadline, new Date('2026-12-04T12:00:00Z'))).toBe(-1);
  });
});
