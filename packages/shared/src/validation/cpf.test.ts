import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstMessage } from '../test-support/zod-issues.ts';
import { cpfCheckDigits, formatCpf, isValidCpf, optionalCpfSchema } from './cpf.ts';
import { onlyDigits } from './digits.ts';

describe('isValidCpf', () => {
  it.each([
    ['529.982.247-25', true],
    ['52998224725', true],
    ['111.444.777-35', true],
    ['191.191.191-00', true],
    ['123.456.789-09', true],
    ['529.982.247-24', false],
    ['529.982.247-15', false],
    ['111.111.111-11', false],
    ['00000000000', false],
    ['99999999999', false],
    ['5299822472', false],
    ['529982247250', false],
    ['', false],
  ])('%s -> %s', (cpf, valid) => {
    expect(isValidCpf(cpf)).toBe(valid);
  });
});

describe('cpfCheckDigits', () => {
  it.each([
    ['529982247', '25'],
    ['111444777', '35'],
    ['191191191', '00'],
    ['123456789', '09'],
  ])('%s -> %s', (nine, digits) => {
    expect(cpfCheckDigits(nine)).toBe(digits);
  });

  it('refuses anything but nine digits', () => {
    expect(() => cpfCheckDigits('12345678')).toThrow(RangeError);
    expect(() => cpfCheckDigits('12345678a')).toThrow(RangeError);
  });
});

const nineDigits = fc.string({
  unit: fc.constantFrom(...'0123456789'),
  minLength: 9,
  maxLength: 9,
});
const notAllSame = nineDigits.filter((digits) => !/^(\d)\1{8}$/.test(digits));

describe('CPF check digits (properties)', () => {
  it('nine digits plus their check digits always validate', () => {
    fc.assert(fc.property(notAllSame, (nine) => isValidCpf(`${nine}${cpfCheckDigits(nine)}`)));
  });

  it('changing either check digit invalidates the CPF', () => {
    fc.assert(
      fc.property(
        notAllSame,
        fc.integer({ min: 9, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (nine, at, delta) => {
          const cpf = `${nine}${cpfCheckDigits(nine)}`;
          const changed = (Number(cpf[at]) + delta) % 10;
          const tampered = `${cpf.slice(0, at)}${changed}${cpf.slice(at + 1)}`;
          return !isValidCpf(tampered);
        },
      ),
    );
  });

  it('a valid CPF also validates in its mask', () => {
    fc.assert(
      fc.property(notAllSame, (nine) => isValidCpf(formatCpf(`${nine}${cpfCheckDigits(nine)}`))),
    );
  });
});

describe('formatCpf', () => {
  it.each([
    ['', ''],
    ['529', '529'],
    ['5299', '529.9'],
    ['529982', '529.982'],
    ['5299822', '529.982.2'],
    ['529982247', '529.982.247'],
    ['5299822472', '529.982.247-2'],
    ['52998224725', '529.982.247-25'],
    ['529982247251234', '529.982.247-25'],
    ['529.982.247-25', '529.982.247-25'],
    ['abc529def', '529'],
  ])('%j -> %j', (input, masked) => {
    expect(formatCpf(input)).toBe(masked);
  });

  const typed = fc.string({ maxLength: 30 });

  it('keeps the digits (up to 11): format then strip is identity', () => {
    fc.assert(
      fc.property(
        typed,
        (value) => onlyDigits(formatCpf(value)) === onlyDigits(value).slice(0, 11),
      ),
    );
  });

  it('never exceeds 14 characters and is idempotent', () => {
    fc.assert(
      fc.property(typed, (value) => {
        const masked = formatCpf(value);
        return masked.length <= 14 && formatCpf(masked) === masked;
      }),
    );
  });
});

describe('optionalCpfSchema', () => {
  it.each([
    ['529.982.247-25', '52998224725'],
    ['52998224725', '52998224725'],
    ['', undefined],
    ['   ', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('accepts %j as %j', (input, output) => {
    expect(optionalCpfSchema.parse(input)).toBe(output);
  });

  it.each(['529.982.247-24', '111.111.111-11', '123', 'abc52998224725', 42])(
    'rejects %j with "CPF inválido"',
    (input) => {
      expect(firstMessage(optionalCpfSchema, input)).toBe('CPF inválido');
    },
  );
});
