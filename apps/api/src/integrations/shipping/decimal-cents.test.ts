import { describe, expect, it } from 'vitest';
import { decimalTextToCents } from './decimal-cents.ts';

describe('decimalTextToCents', () => {
  it.each([
    ['19,92', 1992],
    ['0,10', 10],
    ['19,9', 1990],
    ['20', 2000],
    ['1.034,50', 103450],
    ['1234,56', 123456],
    [' 7,01 ', 701],
    // 0.29 * 100 is 28.999999999999996 in floating point: digits avoid that.
    ['0,29', 29],
  ])('decimal comma %j -> %i', (text, cents) => {
    expect(decimalTextToCents(text, ',')).toBe(cents);
  });

  it.each([
    ['19.92', 1992],
    ['41.7', 4170],
    ['1,034.50', 103450],
    ['0.29', 29],
  ])('decimal point %j -> %i', (text, cents) => {
    expect(decimalTextToCents(text, '.')).toBe(cents);
  });

  it.each(['', 'R$ 19,92', '19,923', '-1,00', '1.2,00', 'abc', '19.92'])(
    '%j is not a comma price',
    (text) => {
      expect(decimalTextToCents(text, ',')).toBeUndefined();
    },
  );
});
