import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { boostedNice, parseAutogroup, withHighPriority } from './priority.ts';

const isRoot = process.getuid?.() === 0;

describe('withHighPriority', () => {
  it.skipIf(!isRoot)('raises this process while the work runs and puts it back after', async () => {
    const before = getPriority();
    const during = await withHighPriority([], () => Promise.resolve(getPriority()));
    expect(during).toBe(boostedNice());
    expect(getPriority()).toBe(before);
  });

  it('puts the priority back when the work throws', async () => {
    const before = getPriority();
    await expect(withHighPriority([], () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(getPriority()).toBe(before);
  });
});

describe('parseAutogroup', () => {
  it('reads the group and its nice value', () => {
    expect(parseAutogroup('/autogroup-122 nice -10\n')).toEqual({
      name: '/autogroup-122',
      nice: -10,
    });
    expect(parseAutogroup('')).toBeUndefined();
  });
});

describe('autogroup boost', () => {
  it.skipIf(!isRoot)('raises and restores the session autogroup', async () => {
    const read = () => readFileSync('/proc/self/autogroup', 'utf8');
    const before = read();
    const during = await withHighPriority([], () => Promise.resolve(read()));
    expect(during).toContain(`nice ${boostedNice()}`);
    expect(read()).toBe(before);
  });
});
