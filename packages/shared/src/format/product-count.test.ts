import { describe, expect, it } from 'vitest';
import { formatProductCount } from './product-count.ts';

describe('formatProductCount', () => {
  it.each([
    [0, '0 produtos encontrados'],
    [1, '1 produto encontrado'],
    [2, '2 produtos encontrados'],
  ])('%d -> %s', (count, text) => {
    expect(formatProductCount(count)).toBe(text);
  });
});
