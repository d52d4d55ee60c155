import { REGISTER_PASSWORD_MIN_LENGTH } from '../constants/storefront-constants.ts';

export const PASSWORD_MESSAGES = {
  required: 'Senha é obrigatória',
  registerRule: 'Senha deve ter pelo menos 8 caracteres, 1 maiúscula, 1 minúscula e 1 número',
  confirmationRequired: 'Confirmação de senha é obrigatória',
  registerMismatch: 'Senhas não coincidem',
  // Ours: the spec gives no maximum (an endless one only costs hashing time) and allows only
  // letters, digits and @$!%*?&, which refuses passphrases and accented letters.
  tooLong: 'Senha deve ter no máximo 128 caracteres',
  controlCharacter:
    'Senha não pode ter quebras de linha, tabulações ou outros caracteres de controle',
  edgeSpace: 'Senha não pode começar nem terminar com espaço',
  /** The server's refusal of a password from the list of leaked ones (apps/api common-passwords). */
  common: 'Esta senha é muito comum. Escolha outra.',
} as const;

/**
 * Not in the spec: bounds the work of hashing a hostile multi-megabyte "password". Generous enough
 * for any passphrase a person types. Counted in UTF-16 units, as the login's bound and an input's
 * maxLength are, so every password that can be set can also be typed at login.
 */
export const PASSWORD_MAX_LENGTH = 128;

/** Letters of any alphabet count: 'Ébano' has its capital. */
export const HAS_UPPER = /\p{Lu}/u;
const HAS_LOWER = /\p{Ll}/u;
export const HAS_DIGIT = /\p{Nd}/u;
/** Not printable: C0/C1 controls (tab, line feed, DEL...), line separators and lone surrogates. */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]/u;
/**
 * A space at either end is refused rather than trimmed: invisible, often added by a keyboard's
 * autocomplete or a paste, it would make the password fail later without the person knowing why.
 */
const EDGE_SPACE = /^\s|\s$/u;

/**
 * The one rule for every new password (register, password change, reset, administrator): spec
 * 000 §5's 8+ characters with upper case, lower case and a digit, any printable character
 * (spaces and accented letters included: passphrases, pt-BR keyboards), at most 128. The first
 * failing check speaks; an empty value is each form's own 'required' message.
 */
export function passwordRuleError(value: string): string | undefined {
  if (value.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (CONTROL.test(value)) return PASSWORD_MESSAGES.controlCharacter;
  const followsRule =
    value.length >= REGISTER_PASSWORD_MIN_LENGTH &&
    HAS_UPPER.test(value) &&
    HAS_LOWER.test(value) &&
    HAS_DIGIT.test(value);
  if (!followsRule) return PASSWORD_MESSAGES.registerRule;
  if (EDGE_SPACE.test(value)) return PASSWORD_MESSAGES.edgeSpace;
  return undefined;
}

export function registerPasswordError(value: string): string | undefined {
  if (value.length === 0) return PASSWORD_MESSAGES.required;
  return passwordRuleError(value);
}
