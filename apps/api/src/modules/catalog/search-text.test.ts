import { describe, expect, it } from 'vitest';
import { containsPattern, normalizeText, searchTerms } from './search-text.ts';

describe('normalizeText', () => {
  it.each([
    ['Argola', 'argola'],
    ['TITÂNIO', 'titanio'],
    ['Açaí  Coração\tÚnico', 'acai coracao unico'],
    ['Zircônia ç ã õ é', 'zirconia c a o e'],
    ['  espaços   ', 'espacos'],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });
});

describe('searchTerms', () => {
  it('splits into distinct normalised words', () => {
    expect(searchTerms('  Piercing de ORELHA piercing ')).toEqual(['piercing', 'de', 'orelha']);
    expect(searchTerms('   ')).toEqual([]);
  });
});

describe('containsPattern', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('c:\\x')).toBe('%c:\\\\x%');
  });
});
