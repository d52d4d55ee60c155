import { describe, expect, it } from 'vitest';
import { formatInstalments } from './instalments.ts';

describe('formatInstalments', () => {
  it.each([
    [12345, undefined, '3x de R$ 41,15 sem juros'],
    [10000, undefined, '3x de R$ 33,33 sem juros'],
    [20000, undefined, '3x de R$ 66,67 sem juros'],
    [4990, 2, '2x de R$ 24,95 sem juros'],
  ])('%d in %s -> %s', (cents, count, text) => {
    expect(formatInstalments(cents, count)).toBe(text);
  });
});
