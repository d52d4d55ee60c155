import { z } from 'zod';
import { isRepeatedDigits, onlyDigits } from './digits.ts';

export const CPF_LENGTH = 11;
export const CPF_INVALID_MESSAGE = 'CPF inválido';

/**
 * Check digit over `digits` with weights counting down from digits.length + 1 to 2:
 * (sum * 10) % 11, where 10 becomes 0 (Receita Federal's algorithm).
 */
function checkDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    sum += Number(digits[i]) * (digits.length + 1 - i);
  }
  const digit = (sum * 10) % 11;
  return digit === 10 ? 0 : digit;
}

/** The two check digits of a CPF whose first nine digits are given. */
export function cpfCheckDigits(firstNine: string): string {
  if (!/^\d{9}$/.test(firstNine)) {
    throw new RangeError('cpfCheckDigits expects exactly nine digits');
  }
  const first = checkDigit(firstNine);
  const second = checkDigit(`${firstNine}${first}`);
  return `${first}${second}`;
}

/** Accepts masked or bare input: 11 digits, not all equal, both check digits right. */
export function isValidCpf(value: string): boolean {
  const digits = onlyDigits(value);
  if (digits.length !== CPF_LENGTH || isRepeatedDigits(digits)) return false;
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}

/** Progressive mask 000.000.000-00 for typing; extra digits are dropped. */
export function formatCpf(value: string): string {
  const digits = onlyDigits(value).slice(0, CPF_LENGTH);
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 9)].filter(Boolean);
  const body = parts.join('.');
  return digits.length > 9 ? `${body}-${digits.slice(9)}` : body;
}

// Digits plus the mask's own characters; anything else means the field holds something that is not a CPF.
const CPF_INPUT = /^[\d.\-\s]*$/;

/** Optional CPF (register, profile): blank or null is undefined, else a valid CPF kept as digits. */
export const optionalCpfSchema = z
  .string({ error: CPF_INVALID_MESSAGE })
  .nullish()
  .refine((value) => !value?.trim() || (CPF_INPUT.test(value) && isValidCpf(value)), {
    error: CPF_INVALID_MESSAGE,
    abort: true,
  })
  .transform((value) => onlyDigits(value ?? '') || undefined);
