import { z } from 'zod';
import { refineWith, requiredText } from './rule-schema.ts';

export const NAME_MAX = 100;

export const NAME_MESSAGES = {
  required: 'Nome é obrigatório',
  rule: 'Nome deve ter pelo menos 2 palavras e não conter números',
  tooLong: `Nome deve ter no máximo ${NAME_MAX} caracteres`,
  /** Ours: the profile and checkout name has no rule in the spec beyond being required. */
  invalidCharacters: 'Nome contém caracteres inválidos',
} as const;

// Letters of any alphabet (so 'João', 'Conceição', 'Müller') plus combining accents; no digits,
// no punctuation, as the spec allows letters and spaces only.
const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]+$/u;

/** Trims, joins runs of spaces into one and composes accents (NFC); safe to apply twice. */
export function normalizeName(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/** Register name rule: at least 2 words of letters, at most 100 characters. */
export function nameError(value: string): string | undefined {
  const name = normalizeName(value);
  if (name.length === 0) return NAME_MESSAGES.required;
  if (!LETTERS_AND_SPACES.test(name) || name.split(' ').length < 2 || name.length < 2) {
    return NAME_MESSAGES.rule;
  }
  if (name.length > NAME_MAX) return NAME_MESSAGES.tooLong;
  return undefined;
}

/** Full name as register asks it; the output is normalised. */
export const personNameSchema = requiredText(NAME_MESSAGES.required)
  .transform(normalizeName)
  .superRefine(refineWith(nameError));

// A person's name: letters of any alphabet, accents, spaces and the punctuation names carry
// (D'Ávila, D’Ávila, Ana-Maria, Jr.). Markup, SQL and digits are not names. The apostrophe ’ as an
// escape: an ASCII bundle keeps the server's source text one-byte.
const NAME_CHARACTERS = /^[\p{L}\p{M} '\u2019.-]+$/u;

/**
 * Name on the profile and at checkout: required, bounded and made of name characters, without
 * the register word rule, because the spec gives those screens none and a name that came from
 * Google sign-in may be a single word.
 */
export const displayNameSchema = requiredText(NAME_MESSAGES.required)
  .transform(normalizeName)
  .pipe(
    z
      .string()
      .max(NAME_MAX, { error: NAME_MESSAGES.tooLong, abort: true })
      .regex(NAME_CHARACTERS, NAME_MESSAGES.invalidCharacters),
  );
