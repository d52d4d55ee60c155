import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToReais, formatBRL, reaisToCents } from './money.ts';

describe('formatBRL', () => {
  it.each([
    [0, 'R$ 0,00'],
    [5, 'R$ 0,05'],
    [99, 'R$ 0,99'],
    [100, 'R$ 1,00'],
    [4990, 'R$ 49,90'],
    [29900, 'R$ 299,00'],
    [123456, 'R$ 1.234,56'],
    [100000000, 'R$ 1.000.000,00'],
    [-123456, '-R$ 1.234,56'],
  ])('%d -> %s', (cents, text) => {
    expect(formatBRL(cents)).toBe(text);
  });

  it('uses a plain space, never U+00A0', () => {
    expect(formatBRL(123456)).not.toContain('\u00a0');
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => formatBRL(12.5)).toThrow(TypeError);
    expect(() => formatBRL(Number.NaN)).toThrow(TypeError);
  });

  it('agrees with Intl pt-BR once its no-break space is normalised', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        const expected = intl.format(cents / 100).replace(/\u00a0/g, ' ');
        return formatBRL(cents) === expected;
      }),
    );
  });
});

describe('centsToReais', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [4990, 49.9],
    [123456, 1234.56],
  ])('%d -> %d', (cents, reais) => {
    expect(centsToReais(cents)).toBe(reais);
  });

  it('round-trips through reaisToCents and JSON', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (cents) => {
        const reais = JSON.parse(JSON.stringify(centsToReais(cents))) as number;
        return reaisToCents(reais) === cents;
      }),
    );
  });
});

describe('reaisToCents', () => {
  it.each([
    [49.9, 4990],
    [0.1 + 0.2, 30],
    ['49.90', 4990],
    ['49,90', 4990],
    ['1.234,56', 123456],
    ['R$ 1.234,56', 123456],
    ['12', 1200],
    ['-3,5', -350],
    ['abc', undefined],
    ['', undefined],
    ['1,2,3', undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
  ])('%j -> %s', (value, cents) => {
    expect(reaisToCents(value)).toBe(cents);
  });
});
