import { describe, expect, it } from 'vitest';
import { gzipSize, totals } from './js-size.ts';

describe('gzipSize', () => {
  it('shrinks repetitive code to a fraction and never to nothing', () => {
    const bytes = Buffer.from('export const a = 1;\n'.repeat(500));
    const size = gzipSize(bytes);
    expect(size).toBeLessThan(bytes.length / 10);
    expect(size).toBeGreaterThan(20);
  });

  it('totals raw and gzip sizes', () => {
    const scripts = [
      { url: '/a.js', rawBytes: 100, gzipBytes: 40, servedEncoding: 'br' },
      { url: '/b.js', rawBytes: 50, gzipBytes: 30, servedEncoding: '' },
    ];
    expect(totals(scripts)).toEqual({ rawBytes: 150, gzipBytes: 70 });
  });
});
