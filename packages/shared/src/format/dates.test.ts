import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates.ts';

describe('formatDate', () => {
  it.each([
    ['1995-04-20', '20/04/1995'],
    ['2025-01-01', '01/01/2025'],
    // 02:00 UTC on 1 January is still 31 December in Brasília.
    ['2025-01-01T02:00:00Z', '31/12/2024'],
    [new Date('2025-06-15T15:00:00Z'), '15/06/2025'],
    ['not a date', ''],
    ['2025-02-30', ''],
  ])('%j -> %j', (value, text) => {
    expect(formatDate(value)).toBe(text);
  });
});

describe('formatDateTime', () => {
  it.each([
    ['2025-06-15T12:30:00Z', '15/06/2025 09:30'],
    [new Date('2025-12-31T23:59:00-03:00'), '31/12/2025 23:59'],
    ['nope', ''],
  ])('%j -> %j', (value, text) => {
    expect(formatDateTime(value)).toBe(text);
  });
});
