import { PAYMENT_ROW_STATUSES } from '../../db/schema/orders.ts';
import { describe, expect, it } from 'vitest';
import { canMove, orderStatusAfter } from './transitions.ts';

describe('payment state machine', () => {
  it('moves only forwards', () => {
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
    ]);
  });

  it('never repeats a status (a replay is not a move)', () => {
    for (const status of PAYMENT_ROW_STATUSES) expect(canMove(status, status)).toBe(false);
  });

  it('leads the order', () => {
    expect(orderStatusAfter('approved', 'pending')).toBe('processing');
    expect(orderStatusAfter('processing', 'pending')).toBe('pending');
    expect(orderStatusAfter('cancelled', 'pending')).toBe('cancelled');
    expect(orderStatusAfter('rejected', 'pending')).toBe('cancelled');
    expect(orderStatusAfter('refunded', 'processing')).toBe('cancelled');
    expect(orderStatusAfter('refunded', 'shipped')).toBe('shipped');
  });
});
