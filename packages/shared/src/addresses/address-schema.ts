import { z } from 'zod';
import { cepSchema } from '../validation/cep.ts';
import { optionalText, requiredText } from '../validation/rule-schema.ts';
import { isStateCode } from './brazil-states.ts';

export const DEFAULT_ADDRESS_NAME = 'Endereço Principal';

export const ADDRESS_LIMITS = {
  name: 50,
  street: 200,
  number: 20,
  complement: 100,
  neighborhood: 100,
  city: 100,
} as const;

// Spec 001 §5 names the required fields but gives wording only for the CEP; the rest is ours.
export const ADDRESS_MESSAGES = {
  name: 'Nome do endereço é obrigatório',
  street: 'Rua é obrigatória',
  number: 'Número é obrigatório',
  neighborhood: 'Bairro é obrigatório',
  city: 'Cidade é obrigatória',
  state: 'Estado é obrigatório',
  stateInvalid: 'Estado inválido (use a sigla de 2 letras, ex.: SP)',
  complementTooLong: `Complemento deve ter no máximo ${ADDRESS_LIMITS.complement} caracteres`,
} as const;

function tooLong(label: string, max: number): string {
  return `${label} deve ter no máximo ${max} caracteres`;
}

/** Two letters, upper-cased, and one of the 27 UFs. */
export const stateSchema = requiredText(ADDRESS_MESSAGES.state)
  .toUpperCase()
  .refine(isStateCode, ADDRESS_MESSAGES.stateInvalid);

/** The fields register sends in its optional address block. */
export const addressFieldsSchema = z.object({
  // Blank is an error in the form; a body that leaves it out gets the spec's default name.
  name: requiredText(ADDRESS_MESSAGES.name)
    .max(ADDRESS_LIMITS.name, tooLong('Nome do endereço', ADDRESS_LIMITS.name))
    .default(DEFAULT_ADDRESS_NAME),
  street: requiredText(ADDRESS_MESSAGES.street).max(
    ADDRESS_LIMITS.street,
    tooLong('Rua', ADDRESS_LIMITS.street),
  ),
  number: requiredText(ADDRESS_MESSAGES.number).max(
    ADDRESS_LIMITS.number,
    tooLong('Número', ADDRESS_LIMITS.number),
  ),
  complement: optionalText(ADDRESS_MESSAGES.complementTooLong, ADDRESS_LIMITS.complement),
  neighborhood: requiredText(ADDRESS_MESSAGES.neighborhood).max(
    ADDRESS_LIMITS.neighborhood,
    tooLong('Bairro', ADDRESS_LIMITS.neighborhood),
  ),
  city: requiredText(ADDRESS_MESSAGES.city).max(
    ADDRESS_LIMITS.city,
    tooLong('Cidade', ADDRESS_LIMITS.city),
  ),
  state: stateSchema,
  zip_code: cepSchema,
});

/** Address book add/edit (spec 001 §5). */
export const addressSchema = addressFieldsSchema.extend({
  is_default: z.boolean().default(false),
});

export type AddressFieldsInput = z.input<typeof addressFieldsSchema>;
export type AddressFields = z.output<typeof addressFieldsSchema>;
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;

const REGISTER_ADDRESS_REQUIRED = [
  'street',
  'number',
  'neighborhood',
  'city',
  'state',
  'zip_code',
] as const;

/**
 * Register sends its address block only when street, number, neighborhood, city, state and
 * zip_code are all filled in (spec 000 §5); a half-filled block is left out, not rejected.
 */
export function completeAddressOrUndefined<T extends Partial<Record<string, unknown>>>(
  fields: T | null | undefined,
): T | undefined {
  if (fields == null) return undefined;
  const complete = REGISTER_ADDRESS_REQUIRED.every((key) => {
    const value = fields[key];
    return typeof value === 'string' && value.trim().length > 0;
  });
  return complete ? fields : undefined;
}
