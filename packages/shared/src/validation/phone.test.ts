import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstMessage } from '../test-support/zod-issues.ts';
import { onlyDigits } from './digits.ts';
import {
  formatPhone,
  isValidPhone,
  optionalPhoneSchema,
  PHONE_MASK_MAX_LENGTH,
  PHONE_MESSAGES,
} from './phone.ts';

describe('PHONE_MESSAGES', () => {
  it('keeps each screen wording', () => {
    expect(PHONE_MESSAGES).toEqual({
      register: 'Telefone deve ter 10 ou 11 dígitos',
      profile: 'Telefone inválido (deve ter 10 ou 11 dígitos)',
      checkout: 'Por favor, digite um telefone válido',
    });
  });
});

describe('isValidPhone', () => {
  it.each([
    ['1123456789', true],
    ['11987654321', true],
    ['(11) 2345-6789', true],
    ['(11) 98765-4321', true],
    ['112345678', false],
    ['119876543210', false],
    ['', false],
  ])('%s -> %s', (phone, valid) => {
    expect(isValidPhone(phone)).toBe(valid);
  });
});

describe('formatPhone', () => {
  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['112345', '(11) 2345'],
    ['1123456', '(11) 2345-6'],
    ['1123456789', '(11) 2345-6789'],
    ['11987654321', '(11) 98765-4321'],
    ['119876543210000', '(11) 98765-4321'],
    ['(11) 98765-4321', '(11) 98765-4321'],
  ])('%j -> %j', (input, masked) => {
    expect(formatPhone(input)).toBe(masked);
  });

  const typed = fc.string({ maxLength: 30 });

  it('keeps the digits (up to 11): format then strip is identity', () => {
    fc.assert(
      fc.property(
        typed,
        (value) => onlyDigits(formatPhone(value)) === onlyDigits(value).slice(0, 11),
      ),
    );
  });

  it('never exceeds 15 characters and is idempotent', () => {
    fc.assert(
      fc.property(typed, (value) => {
        const masked = formatPhone(value);
        return masked.length <= PHONE_MASK_MAX_LENGTH && formatPhone(masked) === masked;
      }),
    );
  });

  it('complete numbers take the (AA) NNNN-NNNN or (AA) NNNNN-NNNN shape', () => {
    const digits = fc.string({
      unit: fc.constantFrom(...'0123456789'),
      minLength: 10,
      maxLength: 11,
    });
    fc.assert(fc.property(digits, (value) => /^\(\d{2}\) \d{4,5}-\d{4}$/.test(formatPhone(value))));
  });
});

describe('optionalPhoneSchema', () => {
  const schema = optionalPhoneSchema(PHONE_MESSAGES.register);

  it.each([
    ['(11) 98765-4321', '11987654321'],
    ['1123456789', '1123456789'],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('accepts %j as %j', (input, output) => {
    expect(schema.parse(input)).toBe(output);
  });

  it.each(['123', '(11) 98765-43210', 'telefone 11987654321', 11987654321])(
    'rejects %j with the screen message',
    (input) => {
      expect(firstMessage(schema, input)).toBe('Telefone deve ter 10 ou 11 dígitos');
      expect(firstMessage(optionalPhoneSchema(PHONE_MESSAGES.profile), input)).toBe(
        'Telefone inválido (deve ter 10 ou 11 dígitos)',
      );
    },
  );
});
