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

const FIELDS = new Set<string>(KEYWORDS.map(([, field]) => field));

/**
 * The field the server filed a message under, when it is one of the form's: ours, like 'Esta
 * senha é muito comum. Escolha outra.', carry no keyword of the spec's list.
 */
function fieldNamedByServer(error: ApiError, message: string): RegisterErrorField | undefined {
  const named = Object.entries(error.fields).find(
    ([path, messages]) => FIELDS.has(path) && messages.includes(message),
  );
  return named?.[0] as RegisterErrorField | undefined;
}

/** Maps a failed register call to field errors and general errors (fallback 'Erro ao criar conta'). */
export function registerErrors(error: unknown): RegisterErrors {
  const answered = error instanceof ApiError && error.status !== 0 ? error : undefined;
  const messages = answered ? serverMessages(answered) : [];
  const result: RegisterErrors = { fields: {}, general: [] };
  for (const message of messages) {
    const field =
      (answered && fieldNamedByServer(answered, message)) ??
      KEYWORDS.find(([keyword]) => keyword.test(message))?.[1];
    // The first message for a field wins; later ones for the same field are still shown.
    if (field && !result.fields[field]) result.fields[field] = message;
    else result.general.push(message);
  }
  if (messages.length === 0) result.general.push(REGISTER_FAILED_MESSAGE);
  return result;
}
