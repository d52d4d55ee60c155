import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstMessage } from '../test-support/zod-issues.ts';
import {
  CEP_MASK_LENGTH,
  cepSchema,
  formatCep,
  isRepeatedDigitCep,
  isValidCep,
  isValidCepInput,
} from './cep.ts';
import { isRepeatedDigits, onlyDigits } from './digits.ts';

describe('isValidCep / isValidCepInput / isRepeatedDigitCep', () => {
  it.each([
    ['01310-100', true, true, false],
    ['01310100', true, true, false],
    ['0131010', false, false, false],
    ['013101000', false, false, false],
    ['11111-111', true, true, true],
    ['00000000', true, true, true],
    ['CEP 01310100', true, false, false],
    ['', false, false, false],
  ])('%j: valid %s, input %s, repeated %s', (cep, valid, input, repeated) => {
    expect(isValidCep(cep)).toBe(valid);
    expect(isValidCepInput(cep)).toBe(input);
    expect(isRepeatedDigitCep(cep)).toBe(repeated);
  });
});

describe('isRepeatedDigits', () => {
  it.each([
    ['1', true],
    ['2222', true],
    ['2223', false],
    ['', false],
  ])('%j -> %s', (digits, repeated) => {
    expect(isRepeatedDigits(digits)).toBe(repeated);
  });
});

describe('formatCep', () => {
  it.each([
    ['', ''],
    ['013', '013'],
    ['01310', '01310'],
    ['013101', '01310-1'],
    ['01310100', '01310-100'],
    ['0131010099', '01310-100'],
    ['01310-100', '01310-100'],
  ])('%j -> %j', (input, masked) => {
    expect(formatCep(input)).toBe(masked);
  });

  const typed = fc.string({ maxLength: 20 });

  it('keeps the digits (up to 8): format then strip is identity', () => {
    fc.assert(
      fc.property(typed, (value) => onlyDigits(formatCep(value)) === onlyDigits(value).slice(0, 8)),
    );
  });

  it('never exceeds 9 characters and is idempotent', () => {
    fc.assert(
      fc.property(typed, (value) => {
        const masked = formatCep(value);
        return masked.length <= CEP_MASK_LENGTH && formatCep(masked) === masked;
      }),
    );
  });
});

describe('cepSchema', () => {
  it('keeps the digits', () => {
    expect(cepSchema.parse('01310-100')).toBe('01310100');
  });

  it.each(['0131010', '', 'abcdefgh', undefined, 1310100])('rejects %j', (input) => {
    expect(firstMessage(cepSchema, input)).toBe('CEP deve ter 8 dígitos');
  });
});
