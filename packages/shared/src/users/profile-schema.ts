import { z } from 'zod';
import { optionalBirthDateSchema, profileBirthDateError } from '../validation/birth-date.ts';
import { systemClock, type Clock } from '../validation/calendar-date.ts';
import { optionalCpfSchema } from '../validation/cpf.ts';
import { emailSchema } from '../validation/email.ts';
import { displayNameSchema } from '../validation/name.ts';
import { optionalPhoneSchema, PHONE_MESSAGES } from '../validation/phone.ts';
import { PROFILE_GENDERS } from './gender.ts';

export const PROFILE_MESSAGES = {
  /** Title of the alert that lists every failing field at once. */
  errorsTitle: 'Erros de validação',
  notAuthenticated: 'Usuário não autenticado',
  updateFailed: 'Erro ao atualizar perfil',
  loadFailed: 'Erro ao carregar perfil',
} as const;

export const DEFAULT_COUNTRY = 'Brasil';
/** Registration data on the account page is always shown as this type. */
export const REGISTER_TYPE_LABEL = 'Pessoa Física';

/** PUT /api/users/profile `{user: {...}}` (spec 001 §5). */
export function createProfileSchema(clock: Clock = systemClock) {
  return z.object({
    name: displayNameSchema,
    email: emailSchema(),
    phone: optionalPhoneSchema(PHONE_MESSAGES.profile),
    cpf: optionalCpfSchema,
    birth_date: optionalBirthDateSchema(profileBirthDateError, clock),
    gender: z
      .union([z.enum(PROFILE_GENDERS), z.literal(''), z.null()])
      .optional()
      .transform((value) => value || undefined),
    country: z.string().trim().max(60).default(DEFAULT_COUNTRY),
  });
}

export const profileSchema = createProfileSchema();

export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileUpdate = z.output<typeof profileSchema>;

/** The alert text: the title, then one failing rule per line. */
export function profileErrorsAlert(messages: readonly string[]): string {
  return [`${PROFILE_MESSAGES.errorsTitle}:`, ...messages].join('\n');
}
