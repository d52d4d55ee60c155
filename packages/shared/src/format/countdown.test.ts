import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown.ts';

describe('formatCountdown', () => {
  it.each([
    [1800, '30:00'],
    [1799, '29:59'],
    [65, '01:05'],
    [9.7, '00:09'],
    [0, '00:00'],
    [-5, '00:00'],
  ])('%d -> %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});
