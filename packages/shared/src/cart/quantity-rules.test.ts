import { describe, expect, it } from 'vitest';
import { clampQuantity, stockExceededMessage } from './quantity-rules.ts';

describe('clampQuantity', () => {
  it.each([
    [1, 5, 1],
    [3, 5, 3],
    [5, 5, 5],
    [6, 5, 5],
    [0, 5, 1],
    [-3, 5, 1],
    [2.7, 5, 2],
    [Number.NaN, 5, 1],
    [Number.POSITIVE_INFINITY, 5, 1],
    [3, 0, 1],
    [1000, null, 999],
    [1000, undefined, 999],
  ])('%d with stock %s -> %d', (value, stock, clamped) => {
    expect(clampQuantity(value, stock)).toBe(clamped);
  });
});

describe('stockExceededMessage', () => {
  it('names both figures', () => {
    expect(stockExceededMessage(7, 3)).toBe(
      'Quantidade solicitada (7) excede o estoque disponível (3 unidades)',
    );
  });
});
