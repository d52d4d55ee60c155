import { describe, expect, it } from 'vitest';
import { buildNfeAccessKey, isValidNfeAccessKey, nfeCheckDigit } from './nfe-access-key.ts';

// The worked example of the Manual de Orientação do Contribuinte (§2.2.6.2): the weighted sum is
// 644, 644 mod 11 = 6, so the check digit is 11 − 6 = 5.
const MOC_FIRST_43 = '5206043300991100250655012000000780026730161';

describe('NF-e access key', () => {
  it("gives the manual's check digit for its example", () => {
    expect(nfeCheckDigit(MOC_FIRST_43)).toBe(5);
    expect(isValidNfeAccessKey(`${MOC_FIRST_43}5`)).toBe(true);
    expect(isValidNfeAccessKey(`${MOC_FIRST_43}4`)).toBe(false);
  });

  it('gives 0 when the remainder is 0 or 1', () => {
    expect(nfeCheckDigit('0'.repeat(43))).toBe(0);
    // A single 1 sixth from the right weighs 7: remainder 7, digit 11 − 7 = 4.
    expect(nfeCheckDigit(`${'0'.repeat(37)}100000`)).toBe(4);
    // The last eight digits all 1 weigh 2 + 3 + ... + 9 = 44: remainder 0.
    expect(nfeCheckDigit(`${'0'.repeat(35)}11111111`)).toBe(0);
    // Eighth from the right (9) and second (3): 12, remainder 1.
    expect(nfeCheckDigit(`${'0'.repeat(35)}10000010`)).toBe(0);
    // And the weights start again at 2 on the ninth digit from the right: 2, remainder 2.
    expect(nfeCheckDigit(`${'0'.repeat(34)}100000000`)).toBe(9);
  });

  it('lays the fields out in order and catches any single changed digit', () => {
    const key = buildNfeAccessKey({
      stateCode: 35,
      issuedAt: new Date('2026-03-10T12:00:00Z'),
      cnpj: '11222333000181',
      model: 55,
      series: 1,
      number: 123,
      emissionType: 1,
      randomCode: 45_678_901,
    });
    expect(key).toHaveLength(44);
    expect(key.slice(0, 43)).toBe('3526031122233300018155001000000123145678901');
    expect(isValidNfeAccessKey(key)).toBe(true);
    for (let i = 0; i < 43; i += 1) {
      const changed = `${key.slice(0, i)}${(Number(key[i]) + 1) % 10}${key.slice(i + 1)}`;
      expect(isValidNfeAccessKey(changed), `digit ${i}`).toBe(false);
    }
  });

  it('takes the month in Brasília time and refuses fields that do not fit', () => {
    const parts = {
      stateCode: 35,
      cnpj: '11222333000181',
      model: 55,
      series: 1,
      number: 1,
      emissionType: 1,
      randomCode: 1,
    };
    // 01:00 UTC on 1 April is still 31 March in Brasília.
    const key = buildNfeAccessKey({ ...parts, issuedAt: new Date('2026-04-01T01:00:00Z') });
    expect(key.slice(2, 6)).toBe('2603');
    const at = new Date('2026-04-01T12:00:00Z');
    expect(() => buildNfeAccessKey({ ...parts, issuedAt: at, number: 1_000_000_000 })).toThrow();
    expect(() => buildNfeAccessKey({ ...parts, issuedAt: at, cnpj: '1122233300018' })).toThrow();
    expect(() => nfeCheckDigit('123')).toThrow();
  });
});
