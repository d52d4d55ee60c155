import { describe, expect, it } from 'vitest';
import {
  checkoutMisses,
  checkoutStatementMisses,
  scalesWithSecondProcess,
} from './checkout-targets.ts';

const passing = {
  driver: 'postgres' as const,
  oversoldUnits: 0,
  singleAddP50Ms: 4.9,
  singleOrderP50Ms: 19.9,
};

describe('checkoutMisses', () => {
  it('passes a PostgreSQL run under every target', () => {
    expect(checkoutMisses(passing)).toEqual([]);
  });

  it('names each miss, an oversold unit on any database', () => {
    expect(
      checkoutMisses({ ...passing, oversoldUnits: 1, singleAddP50Ms: 5, singleOrderP50Ms: 20 }),
    ).toEqual(['oversold 1', 'add p50', 'order p50']);
    expect(
      checkoutMisses({ ...passing, driver: 'pglite', oversoldUnits: 2, singleOrderP50Ms: 90 }),
    ).toEqual(['oversold 2']);
  });

  it('counts a latency that could not be measured as a miss', () => {
    expect(checkoutMisses({ ...passing, singleAddP50Ms: Number.NaN })).toEqual(['add p50']);
  });
});

describe('scalesWithSecondProcess', () => {
  it('asks for more than 5 % more orders per second', () => {
    expect(scalesWithSecondProcess(100, 106)).toBe(true);
    expect(scalesWithSecondProcess(100, 105)).toBe(false);
    expect(scalesWithSecondProcess(100, 90)).toBe(false);
  });
});

describe('checkoutStatementMisses', () => {
  it('passes 3 statements per add, 12 per order and 13 per order with a coupon', () => {
    expect(checkoutStatementMisses({ addToCart: 3, order: 12, orderWithCoupon: 13 })).toEqual([]);
  });

  it('misses a fourth statement per add, a thirteenth per order, a fourteenth with a coupon', () => {
    expect(checkoutStatementMisses({ addToCart: 4, order: 13, orderWithCoupon: 14 })).toEqual([
      'add 4',
      'order 13',
      'order with coupon 14',
    ]);
  });
});
