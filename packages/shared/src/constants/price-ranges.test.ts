import { describe, expect, it } from 'vitest';
import { isInPriceRange, matchesPriceRanges, PRICE_RANGES } from './price-ranges.ts';

const [upTo50, from50To100, , , above200] = PRICE_RANGES;

describe('PRICE_RANGES', () => {
  it('has the five ranges of the category page', () => {
    expect(PRICE_RANGES.map((range) => [range.minCents / 100, range.maxCents / 100])).toEqual([
      [0, 50],
      [50, 100],
      [100, 150],
      [150, 200],
      [200, 999999],
    ]);
  });

  it('includes both ends', () => {
    expect(isInPriceRange(0, upTo50!)).toBe(true);
    expect(isInPriceRange(5000, upTo50!)).toBe(true);
    expect(isInPriceRange(5000, from50To100!)).toBe(true);
    expect(isInPriceRange(5001, upTo50!)).toBe(false);
    expect(isInPriceRange(99_999_900, above200!)).toBe(true);
  });

  it.each([
    [3000, [], true],
    [3000, [upTo50!], true],
    [7000, [upTo50!], false],
    [7000, [upTo50!, from50To100!], true],
  ])('%d in %j -> %s', (price, ranges, matches) => {
    expect(matchesPriceRanges(price, ranges)).toBe(matches);
  });
});
