import { ApiError } from '../../../lib/api-client.ts';

export const REGISTER_FAILED_MESSAGE = 'Erro ao criar conta';

export type RegisterErrorField =
  | 'user.email'
  | 'user.cpf'
  | 'user.name'
  | 'user.password'
  | 'user.privacy_policy_accepted'
  | 'user.terms_of_service_accepted';

/**
 * Spec 000 §8: each server message goes to the field its keyword names, in this order. 'Nome do
 * endereço' is the address's name, not the person's, so it stays a general error.
 */
const KEYWORDS: readonly [RegExp, RegisterErrorField][] = [
  [/Email/, 'user.email'],
  [/CPF/, 'user.cpf'],
  [/Nome(?! do endereço)/, 'user.name'],
  [/Senha/, 'user.password'],
  [/Política/, 'user.privacy_policy_accepted'],
  [/Termos/, 'user.terms_of_service_accepted'],
];

export interface RegisterErrors {
  fields: Partial<Record<RegisterErrorField, string>>;
  general: string[];
}

function serverMessages(error: ApiError): string[] {
  if (error.errors.length > 0) return error.errors;
  return error.serverMessage ? [error.serverMessage] : [];
}

/** Maps a failed register call to field errors and general errors (fallback 'Erro ao criar conta'). */
export function registerErrors(error: unknown): RegisterErrors {
  const messages = error instanceof ApiError && error.status !== 0 ? serverMessages(error) : [];
  const result: RegisterErrors = { fields: {}, general: [] };
  for (const message of messages) {
    const field = KEYWORDS.find(([keyword]) => keyword.test(message))?.[1];
    // The first message for a field wins; later ones for the same field are still shown.
    if (field && !result.fields[field]) result.fields[field] = message;
    else result.general.push(message);
  }
  if (messages.length === 0) result.general.push(REGISTER_FAILED_MESSAGE);
  return result;
}
