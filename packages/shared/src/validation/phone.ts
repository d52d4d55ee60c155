import { z } from 'zod';
import { onlyDigits } from './digits.ts';

export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 11;
/** '(AA) NNNNN-NNNN' */
export const PHONE_MASK_MAX_LENGTH = 15;

/** The same rule, worded differently on each screen (spec 000 §5, spec 001 §5). */
export const PHONE_MESSAGES = {
  register: 'Telefone deve ter 10 ou 11 dígitos',
  profile: 'Telefone inválido (deve ter 10 ou 11 dígitos)',
  checkout: 'Por favor, digite um telefone válido',
} as const;

/** Area code plus an 8-digit landline or a 9-digit mobile number. */
export function isValidPhone(value: string): boolean {
  const length = onlyDigits(value).length;
  return length >= PHONE_MIN_DIGITS && length <= PHONE_MAX_DIGITS;
}

/**
 * Progressive mask while typing: (AA) NNNN-NNNN for 10 digits, (AA) NNNNN-NNNN for 11;
 * digits past the eleventh are dropped.
 */
export function formatPhone(value: string): string {
  const digits = onlyDigits(value).slice(0, PHONE_MAX_DIGITS);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  const area = `(${digits.slice(0, 2)}) `;
  const local = digits.slice(2);
  // Until the number is complete the dash sits where a landline's would be.
  const split = digits.length === PHONE_MAX_DIGITS ? 5 : 4;
  if (local.length <= split) return `${area}${local}`;
  return `${area}${local.slice(0, split)}-${local.slice(split)}`;
}

const PHONE_INPUT = /^[\d()\-\s]*$/;

/** Optional phone kept as digits; `message` is the screen's wording from PHONE_MESSAGES. */
export function optionalPhoneSchema(message: string) {
  return z
    .string({ error: message })
    .nullish()
    .refine((value) => !value?.trim() || (PHONE_INPUT.test(value) && isValidPhone(value)), {
      error: message,
      abort: true,
    })
    .transform((value) => onlyDigits(value ?? '') || undefined);
}
