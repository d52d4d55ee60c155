import { z } from 'zod';
import { requiredText } from './rule-schema.ts';

export const EMAIL_MAX = 254;

export const EMAIL_MESSAGES = {
  invalid: 'Email inválido',
  required: 'Email é obrigatório',
  /** Checkout wording (spec 001 §5). */
  checkoutInvalid: 'Por favor, digite um email válido',
} as const;

const emailFormat = z.email();

/** The standard address pattern (zod's), at most 254 characters (RFC 5321). */
export function isValidEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= EMAIL_MAX && emailFormat.safeParse(trimmed).success;
}

/**
 * Required e-mail, trimmed and lower-cased so that 'Ana@X.com' and 'ana@x.com' are one account.
 * `invalidMessage` lets a screen use its own wording.
 */
export function emailSchema(invalidMessage: string = EMAIL_MESSAGES.invalid) {
  return requiredText(EMAIL_MESSAGES.required)
    .toLowerCase()
    .max(EMAIL_MAX, invalidMessage)
    .pipe(z.email({ error: invalidMessage }));
}
