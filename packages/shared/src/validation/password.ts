import { REGISTER_PASSWORD_MIN_LENGTH } from '../constants/storefront-constants.ts';

export const PASSWORD_MESSAGES = {
  required: 'Senha é obrigatória',
  registerRule: 'Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número',
  confirmationRequired: 'Confirmação de senha é obrigatória',
  registerMismatch: 'Senhas não coincidem',
} as const;

/**
 * Not in the spec: bounds the work of hashing a hostile multi-megabyte "password". Generous enough
 * for any passphrase a person types.
 */
export const PASSWORD_MAX_LENGTH = 128;

const REGISTER_PASSWORD = new RegExp(
  `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)[A-Za-z\\d@$!%*?&]{${REGISTER_PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`,
);

/** Register (spec 000 §5): 8+ characters, upper, lower, digit; only letters, digits and @$!%*?&. */
export function isValidRegisterPassword(value: string): boolean {
  return REGISTER_PASSWORD.test(value);
}

export function registerPasswordError(value: string): string | undefined {
  if (value.length === 0) return PASSWORD_MESSAGES.required;
  return isValidRegisterPassword(value) ? undefined : PASSWORD_MESSAGES.registerRule;
}
