import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJsonCache, pickEncoding, renderJson } from './cached-json.ts';

describe('pickEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;q=0.5', 'br'],
    ['deflate', null],
  ])('%j -> %j', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('renderJson', () => {
  it('gives equal answers equal weak ETags and different answers different ones', () => {
    expect(renderJson({ a: 1 }).etag).toBe(renderJson({ a: 1 }).etag);
    expect(renderJson({ a: 1 }).etag).not.toBe(renderJson({ a: 2 }).etag);
    expect(renderJson({ a: 1 }).etag).toMatch(/^W\/"[\w-]+"$/);
  });
});

describe('createJsonCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reuses an answer until it expires', async () => {
    vi.useFakeTimers();
    const cache = createJsonCache({ ttlMs: 1000, maxEntries: 10 });
    let loads = 0;
    const load = () => Promise.resolve({ loads: ++loads });
    expect((await cache.get('k', load)).body).toBe('{"loads":1}');
    expect((await cache.get('k', load)).body).toBe('{"loads":1}');
    vi.advanceTimersByTime(1001);
    expect((await cache.get('k', load)).body).toBe('{"loads":2}');
  });

  it('shares one load between concurrent misses', async () => {
    const cache = createJsonCache({ ttlMs: 1000, maxEntries: 10 });
    let loads = 0;
    const load = () => new Promise((resolve) => setTimeout(() => resolve(++loads), 5));
    const answers = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(loads).toBe(1);
    expect(answers[0]).toBe(answers[1]);
  });

  it('does not keep failures', async () => {
    const cache = createJsonCache({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await cache.get('k', () => Promise.resolve(1))).body).toBe('1');
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = createJsonCache({ ttlMs: 60_000, maxEntries: 2 });
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    await cache.get('b', load);
    expect(loads).toBe(3);
    await cache.get('a', load);
    expect(loads).toBe(4);
  });

  it('with a zero lifetime renders every time', async () => {
    const cache = createJsonCache({ ttlMs: 0, maxEntries: 2 });
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    await cache.get('a', load);
    await cache.get('a', load);
    expect(loads).toBe(2);
  });
});
