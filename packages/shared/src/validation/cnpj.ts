import { isRepeatedDigits, onlyDigits } from './digits.ts';

export const CNPJ_LENGTH = 14;

// Weights of the two CNPJ check digits (Receita Federal).
const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_WEIGHTS = [6, ...FIRST_WEIGHTS];

function checkDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/**
 * The checkout's document field is labelled CPF/CNPJ, so a company buyer types a CNPJ there:
 * 14 digits, not all equal, both check digits right.
 */
export function isValidCnpj(value: string): boolean {
  const digits = onlyDigits(value);
  if (digits.length !== CNPJ_LENGTH || isRepeatedDigits(digits)) return false;
  const first = checkDigit(digits, FIRST_WEIGHTS);
  const second = checkDigit(digits, SECOND_WEIGHTS);
  return digits.slice(12) === `${first}${second}`;
}
