import { describe, expect, it } from 'vitest';
import { lineMaximum } from './line-quantity.tsx';

describe('lineMaximum', () => {
  it.each([
    [3, 3],
    [0, 0],
    [5000, 999],
    [Number.NaN, 999],
  ])('stock %d -> the plus button stops at %d', (stock, maximum) => {
    expect(lineMaximum({ stock })).toBe(maximum);
  });
});
