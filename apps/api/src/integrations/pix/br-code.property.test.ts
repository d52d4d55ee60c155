import { cpfCheckDigits } from '@lumina/shared/validation/cpf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodePixBrCode,
  formatPixAmount,
  MERCHANT_NAME_MAX,
  normaliseMerchantText,
} from './br-code.ts';
import { crc16ccitt } from './crc16.ts';
import { parsePixBrCode } from './parse-br-code.ts';

const digits = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
const alphanumeric = fc.constantFrom(...'ABCXYZabcxyz0123456789');

const pixKey = fc.oneof(
  digits(9)
    .filter((nine) => !/^(\d)\1*$/.test(nine))
    .map((nine) => nine + cpfCheckDigits(nine)),
  digits(8).map((subscriber) => `+55119${subscriber}`),
  fc.uuid(),
  fc
    .stringMatching(/^[a-z0-9._]{1,30}@[a-z]{1,20}\.com\.br$/)
    .filter((key) => !/^\.|\.\.|\.@/.test(key)),
);

// Pairs of what a merchant types and what the code must carry, so the oracle needs no Unicode.
const letter = fc.constantFrom(
  ['a', 'a'],
  ['ã', 'a'],
  ['Á', 'A'],
  ['ç', 'c'],
  ['É', 'E'],
  ['ô', 'o'],
  ['ü', 'u'],
  ['Z', 'Z'],
  ['7', '7'],
  ['&', '&'],
);
const word = fc.array(letter, { minLength: 1, maxLength: 12 });
const name = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => ({
  typed: words.map((w) => w.map(([typed]) => typed).join('')).join(' '),
  ascii: words.map((w) => w.map(([, ascii]) => ascii).join('')).join(' '),
}));

const input = fc.record({
  pixKey,
  merchantName: name,
  merchantCity: name,
  amountCents: fc.integer({ min: 1, max: 99_999_999 }),
  txid: fc.string({ unit: alphanumeric, minLength: 1, maxLength: 25 }),
  description: fc.option(fc.string({ unit: alphanumeric, maxLength: 20 }), { nil: undefined }),
});

describe('BR Code properties', () => {
  it('parses back to what was encoded, with a valid CRC', () => {
    fc.assert(
      fc.property(input, ({ merchantName, merchantCity, ...rest }) => {
        const payload = encodePixBrCode({
          ...rest,
          merchantName: merchantName.typed,
          merchantCity: merchantCity.typed,
        });
        const parsed = parsePixBrCode(payload);
        expect(parsed.crcValid).toBe(true);
        expect(parsed.fields).toMatchObject({
          '00': '01',
          '01': '12',
          '52': '0000',
          '53': '986',
          '54': formatPixAmount(rest.amountCents),
          '58': 'BR',
          '59': merchantName.ascii.slice(0, 25).trimEnd(),
          '60': merchantCity.ascii.slice(0, 15).trimEnd(),
        });
        expect(parsed.merchantAccount).toEqual({
          '00': 'br.gov.bcb.pix',
          '01': rest.pixKey,
          ...(rest.description ? { '02': rest.description } : {}),
        });
        expect(parsed.additionalData).toEqual({ '05': rest.txid });
        expect(payload.slice(-4)).toBe(crc16ccitt(payload.slice(0, -4)));
      }),
    );
  });

  it('writes any amount of 1 to 99 999 999 cents as its reais with two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), (cents) => {
        const reais = Math.floor(cents / 100);
        const rest = String(cents % 100).padStart(2, '0');
        expect(formatPixAmount(cents)).toBe(`${reais}.${rest}`);
      }),
    );
  });

  it('normalises any text to at most the limit of printable ASCII, trimmed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const ascii = normaliseMerchantText(text, MERCHANT_NAME_MAX);
        expect(ascii.length).toBeLessThanOrEqual(MERCHANT_NAME_MAX);
        expect(ascii).toMatch(/^([\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?)?$/);
        expect(ascii).not.toMatch(/ {2}/);
      }),
    );
  });
});
