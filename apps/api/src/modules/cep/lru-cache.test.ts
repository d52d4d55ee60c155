import { describe, expect, it } from 'vitest';
import { createLruCache } from './lru-cache.ts';

describe('createLruCache', () => {
  it('forgets an entry once its time is up', () => {
    let clock = 0;
    const cache = createLruCache<string>({ maxEntries: 10, now: () => clock });
    cache.set('a', 'A', 1_000);
    clock = 999;
    expect(cache.get('a')).toBe('A');
    clock = 1_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently read entry when full', () => {
    const cache = createLruCache<number>({ maxEntries: 2 });
    cache.set('a', 1, 60_000);
    cache.set('b', 2, 60_000);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3, 60_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });
});
