import { afterEach, describe, expect, it } from 'vitest';
import { envNumber } from './run-info.ts';

describe('envNumber', () => {
  afterEach(() => {
    delete process.env.BENCH_TEST_NUMBER;
  });

  it('reads a positive number and falls back on missing, empty or invalid values', () => {
    expect(envNumber('BENCH_TEST_NUMBER', 10)).toBe(10);
    process.env.BENCH_TEST_NUMBER = '';
    expect(envNumber('BENCH_TEST_NUMBER', 10)).toBe(10);
    process.env.BENCH_TEST_NUMBER = 'abc';
    expect(envNumber('BENCH_TEST_NUMBER', 10)).toBe(10);
    process.env.BENCH_TEST_NUMBER = '-3';
    expect(envNumber('BENCH_TEST_NUMBER', 10)).toBe(10);
    process.env.BENCH_TEST_NUMBER = '2.5';
    expect(envNumber('BENCH_TEST_NUMBER', 10)).toBe(2.5);
  });

  it('accepts zero only when asked to', () => {
    process.env.BENCH_TEST_NUMBER = '0';
    expect(envNumber('BENCH_TEST_NUMBER', 300)).toBe(300);
    expect(envNumber('BENCH_TEST_NUMBER', 300, { allowZero: true })).toBe(0);
  });
});
