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

  it('hands out a live answer synchronously, and nothing once it expired or was cleared', async () => {
    vi.useFakeTimers();
    const cache = createJsonCache({ ttlMs: 1000, maxEntries: 10, staleMs: 1000 });
    expect(cache.fresh('k')).toBeUndefined();
    const loaded = await cache.get('k', () => Promise.resolve({ a: 1 }));
    expect(cache.fresh('k')).toBe(loaded);
    vi.advanceTimersByTime(1001);
    // Stale: only get() may serve it, as it starts the refresh.
    expect(cache.fresh('k')).toBeUndefined();
    await cache.get('k', () => Promise.resolve({ a: 2 }));
    await vi.waitFor(() => expect(cache.fresh('k')?.body).toBe('{"a":2}'));
    cache.clear();
    expect(cache.fresh('k')).toBeUndefined();
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

  it('serves an expired answer while one background refresh runs, then the new one', async () => {
    vi.useFakeTimers();
    const cache = createJsonCache({ ttlMs: 1000, maxEntries: 10, staleMs: 1000 });
    let loads = 0;
    let finish: (() => void) | undefined;
    const load = () =>
      new Promise<number>((resolve) => {
        loads += 1;
        const answer = loads;
        finish = () => resolve(answer);
        if (answer === 1) finish();
      });
    expect((await cache.get('k', load)).body).toBe('1');
    vi.advanceTimersByTime(1001);
    // Expired: the old answer at once, and a single refresh for any number of requests.
    expect((await cache.get('k', load)).body).toBe('1');
    expect((await cache.get('k', load)).body).toBe('1');
    expect(loads).toBe(2);
    finish?.();
    await vi.waitFor(async () => expect((await cache.get('k', load)).body).toBe('2'));
    expect(loads).toBe(2);
  });

  it('loads in the foreground once an answer is older than its stale window', async () => {
    vi.useFakeTimers();
    const cache = createJsonCache({ ttlMs: 1000, maxEntries: 10, staleMs: 1000 });
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    await cache.get('k', load);
    vi.advanceTimersByTime(2001);
    expect((await cache.get('k', load)).body).toBe('2');
  });

  it('stops serving an answer whose background refresh failed', async () => {
    vi.useFakeTimers();
    const cache = createJsonCache({ ttlMs: 1000, maxEntries: 10, staleMs: 1000 });
    await cache.get('k', () => Promise.resolve('old'));
    vi.advanceTimersByTime(1001);
    const failing = () => Promise.reject(new Error('database down'));
    expect((await cache.get('k', failing)).body).toBe('"old"');
    await vi.waitFor(() => expect(cache.get('k', failing)).rejects.toThrow('database down'));
  });

  it('after clear() never stores nor shares what a load read before it', async () => {
    const cache = createJsonCache({ ttlMs: 60_000, maxEntries: 10, staleMs: 60_000 });
    let release: ((value: string) => void) | undefined;
    const before = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear();
    // A request after the change does not wait for the load that began before it.
    const after = cache.get('k', () => Promise.resolve('new price'));
    release?.('old price');
    expect((await before).body).toBe('"old price"');
    expect((await after).body).toBe('"new price"');
    expect((await cache.get('k', () => Promise.resolve('third'))).body).toBe('"new price"');
  });
});
