import { describe, expect, it } from 'vitest';
import {
  adminProductsMisses,
  adminProductsPath,
  isExpectedPage,
} from './admin-products-targets.ts';

describe('adminProductsPath', () => {
  it('writes filter, sort, direction and page, in that order', () => {
    expect(adminProductsPath({ filter: 'local', sort: 'price', direction: 'desc', page: 3 })).toBe(
      '/api/admin/products?filter=local&sort=price&direction=desc&page=3',
    );
  });

  it('encodes a search with spaces and accents', () => {
    expect(
      adminProductsPath({
        filter: 'all',
        sort: 'name',
        direction: 'asc',
        q: 'argola titânio',
        page: 1,
      }),
    ).toBe('/api/admin/products?filter=all&sort=name&direction=asc&q=argola+tit%C3%A2nio&page=1');
  });
});

describe('adminProductsMisses', () => {
  it('passes a p50 under 20 ms and a p99 up to 20 ms with every answer right', () => {
    expect(adminProductsMisses({ p50Ms: 19.9, p99Ms: 20, wrongAnswers: 0 })).toEqual([]);
  });

  it('misses a p50 at 20 ms, a p99 over it, when not measured, and on any wrong answer', () => {
    expect(adminProductsMisses({ p50Ms: 20, p99Ms: 20, wrongAnswers: 0 })).toEqual(['p50']);
    expect(adminProductsMisses({ p50Ms: 5, p99Ms: 20.1, wrongAnswers: 0 })).toEqual(['p99']);
    expect(adminProductsMisses({ p50Ms: Number.NaN, p99Ms: Number.NaN, wrongAnswers: 0 })).toEqual([
      'p50',
      'p99',
    ]);
    expect(adminProductsMisses({ p50Ms: 3, p99Ms: 9, wrongAnswers: 2 })).toEqual([
      '2 wrong answers',
    ]);
  });
});

describe('isExpectedPage', () => {
  it('wants a full page before the last one and the remainder on it', () => {
    expect(isExpectedPage({ rows: 10, total: 2000, page: 3 }, 3, 10)).toBe(true);
    expect(isExpectedPage({ rows: 5, total: 25, page: 3 }, 3, 10)).toBe(true);
    expect(isExpectedPage({ rows: 9, total: 2000, page: 3 }, 3, 10)).toBe(false);
  });

  it('wants an empty page past the end, and the page number asked for', () => {
    expect(isExpectedPage({ rows: 0, total: 15, page: 3 }, 3, 10)).toBe(true);
    expect(isExpectedPage({ rows: 10, total: 2000, page: 2 }, 3, 10)).toBe(false);
  });
});
