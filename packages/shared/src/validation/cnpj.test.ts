import { describe, expect, it } from 'vitest';
import { isValidCnpj } from './cnpj.ts';

describe('isValidCnpj', () => {
  it.each([
    ['11.222.333/0001-81', true],
    ['11222333000181', true],
    ['45.723.174/0001-10', true],
    ['11.222.333/0001-80', false],
    ['11.222.333/0001-91', false],
    ['00.000.000/0000-00', false],
    ['1122233300018', false],
    ['', false],
  ])('%s -> %s', (cnpj, valid) => {
    expect(isValidCnpj(cnpj)).toBe(valid);
  });
});
