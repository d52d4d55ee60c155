import { describe, expect, it } from 'vitest';
import { percentile } from './percentile.ts';

describe('percentile', () => {
  it('takes the nearest rank, whatever the order of the sample', () => {
    const sample = [9, 1, 5, 3, 7, 2, 8, 4, 10, 6];
    expect(percentile(sample, 50)).toBe(5);
    expect(percentile(sample, 99)).toBe(10);
    expect(percentile(sample, 10)).toBe(1);
    expect(percentile([4], 99)).toBe(4);
  });

  it('is NaN for no values', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});
