import { z } from 'zod';
import { isRepeatedDigits, onlyDigits } from './digits.ts';

export const CEP_LENGTH = 8;
/** '00000-000' */
export const CEP_MASK_LENGTH = 9;

export const CEP_MESSAGES = {
  /** Register and address book. */
  length: 'CEP deve ter 8 dígitos',
  /** Checkout submit, and a one-repeated-digit CEP in the checkout's shipping calculator. */
  checkout: 'Por favor, digite um CEP válido',
  /** Checkout's shipping calculator when the CEP has not 8 digits. */
  shipping: 'Por favor, digite um CEP válido (8 dígitos)',
} as const;

/** Exactly 8 digits once the mask is removed. */
export function isValidCep(value: string): boolean {
  return onlyDigits(value).length === CEP_LENGTH;
}

/** '00000-000', '11111-111'...: 8 digits but no such postal code exists. */
export function isRepeatedDigitCep(value: string): boolean {
  const digits = onlyDigits(value);
  return digits.length === CEP_LENGTH && isRepeatedDigits(digits);
}

/** Progressive mask 00000-000 for typing; extra digits are dropped. */
export function formatCep(value: string): string {
  const digits = onlyDigits(value).slice(0, CEP_LENGTH);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

const CEP_INPUT = /^[\d.\-\s]*$/;

/** Digits and mask characters only, and 8 digits. */
export function isValidCepInput(value: string): boolean {
  return CEP_INPUT.test(value) && isValidCep(value);
}

/** Required CEP kept as digits (register address, address book). */
export const cepSchema = z
  .string({ error: CEP_MESSAGES.length })
  .refine(isValidCepInput, { error: CEP_MESSAGES.length, abort: true })
  .transform(onlyDigits);
