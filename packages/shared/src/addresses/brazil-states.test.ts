import { describe, expect, it } from 'vitest';
import { BRAZIL_STATES, isStateCode } from './brazil-states.ts';

describe('isStateCode', () => {
  it('knows the 27 UFs', () => {
    expect(Object.keys(BRAZIL_STATES)).toHaveLength(27);
  });

  it.each([
    ['SP', true],
    ['DF', true],
    ['sp', false],
    ['XX', false],
    ['toString', false],
    ['', false],
  ])('%j -> %s', (code, known) => {
    expect(isStateCode(code)).toBe(known);
  });
});
