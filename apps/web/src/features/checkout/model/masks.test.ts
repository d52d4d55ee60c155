import { describe, expect, it } from 'vitest';
import { maskDocument, maskState } from './masks.ts';

describe('maskDocument', () => {
  it.each([
    ['529', '529'],
    ['5299822', '529.982.2'],
    ['52998224725', '529.982.247-25'],
    ['529.982.247-25x', '529.982.247-25'],
    // A twelfth digit means a CNPJ: 00.000.000/0000-00.
    ['112223330001', '11.222.333/0001'],
    ['11222333000181', '11.222.333/0001-81'],
    ['1122233300018199', '11.222.333/0001-81'],
  ])('%j -> %j', (typed, shown) => {
    expect(maskDocument(typed)).toBe(shown);
  });
});

describe('maskState', () => {
  it.each([
    ['sp', 'SP'],
    ['s1p', 'SP'],
    ['rjx', 'RJ'],
    ['', ''],
  ])('%j -> %j', (typed, shown) => {
    expect(maskState(typed)).toBe(shown);
  });
});
