import { PAYMENT_ROW_STATUSES } from '../../db/schema/orders.ts';
import { describe, expect, it } from 'vitest';
import { canMove } from './transitions.ts';

describe('payment state machine', () => {
  it('moves only forwards, and records a late approval of a cancelled charge', () => {
    const allowed = PAYMENT_ROW_STATUSES.flatMap((from) =>
      PAYMENT_ROW_STATUSES.filter((to) => canMove(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed).toEqual([
      'pending->processing',
      'pending->approved',
      'pending->rejected',
      'pending->cancelled',
      'processing->approved',
      'processing->rejected',
      'processing->cancelled',
      'approved->refunded',
      'cancelled->approved',
    ]);
  });

  it('never repeats a status (a replay is not a move)', () => {
    for (const status of PAYMENT_ROW_STATUSES) expect(canMove(status, status)).toBe(false);
  });
});
