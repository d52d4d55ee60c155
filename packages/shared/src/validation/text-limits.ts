import { NOTES_MAX_LENGTH } from '../constants/account-constants.ts';
import { COLOUR_MAX_LENGTH, SEARCH_MAX_LENGTH } from '../constants/storefront-constants.ts';
import { optionalText } from './rule-schema.ts';

// The spec gives these limits but no wording (inputs cap them with maxLength); these messages
// are ours, for the API's 422 answers.
export const TEXT_LIMIT_MESSAGES = {
  search: `A busca deve ter no máximo ${SEARCH_MAX_LENGTH} caracteres`,
  colour: `A cor deve ter no máximo ${COLOUR_MAX_LENGTH} caracteres`,
  notes: `As observações devem ter no máximo ${NOTES_MAX_LENGTH} caracteres`,
} as const;

/** Header search and the search query param; blank means no search. */
export const searchSchema = optionalText(TEXT_LIMIT_MESSAGES.search, SEARCH_MAX_LENGTH);

/** Free-text colour name or code on the product page. */
export const colourSchema = optionalText(TEXT_LIMIT_MESSAGES.colour, COLOUR_MAX_LENGTH);

/** Checkout notes (the placeholder asks for the colour name and code). */
export const notesSchema = optionalText(TEXT_LIMIT_MESSAGES.notes, NOTES_MAX_LENGTH);

/**
 * Cuts a value to `max` UTF-16 units, the unit of both an input's maxLength and zod's max, without
 * splitting an emoji's surrogate pair.
 */
export function truncate(value: string, max: number): string {
  if (value.length <= max) return value;
  const code = value.charCodeAt(max - 1);
  const endsInHighSurrogate = code >= 0xd800 && code <= 0xdbff;
  return value.slice(0, endsInHighSurrogate ? max - 1 : max);
}
