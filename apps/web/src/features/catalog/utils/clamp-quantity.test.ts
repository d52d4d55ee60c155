import { describe, expect, it } from 'vitest';
import { clampQuantity } from './clamp-quantity.ts';

describe('clampQuantity', () => {
  it.each([
    [99, 5, 5],
    [0, 5, 1],
    [-3, 5, 1],
    [3, 5, 3],
    [2.7, 5, 2],
    [Number.NaN, 5, 1],
    [4, 0, 1],
  ])('clamps %d with stock %d to %d', (value, stock, expected) => {
    expect(clampQuantity(value, stock)).toBe(expected);
  });
});
