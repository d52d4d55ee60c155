import { describe, expect, it } from 'vitest';
import { businessDaysWord, formatBusinessDays } from './business-days.ts';

describe('formatBusinessDays', () => {
  it.each([
    [0, '0 dias úteis', 'dias úteis'],
    [1, '1 dia útil', 'dia útil'],
    [2, '2 dias úteis', 'dias úteis'],
    [15, '15 dias úteis', 'dias úteis'],
  ])('%d -> %s', (count, text, word) => {
    expect(formatBusinessDays(count)).toBe(text);
    expect(businessDaysWord(count)).toBe(word);
  });
});
