import { describe, expect, it } from 'vitest';
import { businessDeadline } from './business-days.ts';

describe('the 15-business-day deadline', () => {
  it('skips weekends and holidays, and ends at midnight in São Paulo', () => {
    // Wednesday 2026-11-11, 14:00 in São Paulo. Days 12,13 | 16,17,18,19 | (20 holiday) 23..27 |
    // 30, 1, 2, 3: the 15th business day is Thursday 3 December.
    expect(businessDeadline(new Date('2026-11-11T17:00:00Z')).toISOString()).toBe(
      '2026-12-04T02:59:59.999Z',
    );
    // Around Christmas and New Year: Monday 2026-12-21 -> 22,23,24 | (25) | 28,29,30,31 | (1 Jan)
    // | 4..8 | 11,12,13: the 15th is Wednesday 13 January 2027, ending at 02:59:59.999 UTC on 14.
    expect(businessDeadline(new Date('2026-12-21T12:00:00Z')).toISOString()).toBe(
      '2027-01-14T02:59:59.999Z',
    );
  });

  it('takes the day of the request on the shop clock (23:30 in São Paulo is still that day)', () => {
    // Friday 2026-11-13 23:30 in São Paulo is Saturday 02:30 UTC.
    const friday = businessDeadline(new Date('2026-11-14T02:30:00Z'));
    const fridayNoon = businessDeadline(new Date('2026-11-13T15:00:00Z'));
    expect(friday.toISOString()).toBe(fridayNoon.toISOString());
  });
});
