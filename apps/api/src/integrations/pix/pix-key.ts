import { isValidCnpj } from '@lumina/shared/validation/cnpj';
import { isValidCpf } from '@lumina/shared/validation/cpf';
import { isValidEmail } from '@lumina/shared/validation/email';
import { PixBrCodeError } from './emv.ts';

export type PixKeyType = 'cpf' | 'cnpj' | 'email' | 'phone' | 'random';

// The DICT (the Banco Central's key directory) caps e-mail keys at 77 characters.
const EMAIL_KEY_MAX = 77;
// Phone keys are Brazilian mobiles: +55, a two-digit area code (no zeros) and 9 + eight digits.
const PHONE_KEY = /^\+55[1-9]{2}9\d{8}$/;
// Random keys ("chave aleatória", EVP) are UUIDs in lower case; the DICT does not check the version.
const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

function keyType(key: string): PixKeyType | undefined {
  if (/^\d{11}$/.test(key)) return isValidCpf(key) ? 'cpf' : undefined;
  if (/^\d{14}$/.test(key)) return isValidCnpj(key) ? 'cnpj' : undefined;
  if (PHONE_KEY.test(key)) return 'phone';
  if (RANDOM_KEY.test(key)) return 'random';
  const isEmail = key.length <= EMAIL_KEY_MAX && PRINTABLE_ASCII.test(key) && isValidEmail(key);
  return isEmail ? 'email' : undefined;
}

/**
 * The store's PIX key as the payer's bank will look it up: trimmed, e-mail and random keys in
 * lower case (the DICT stores them so). A key in no known format is a configuration mistake
 * that would produce codes no bank can pay, so it throws.
 */
export function normalisePixKey(rawKey: string): { key: string; type: PixKeyType } {
  const trimmed = rawKey.trim();
  const key = /[a-z]/i.test(trimmed) ? trimmed.toLowerCase() : trimmed;
  const type = keyType(key);
  if (!type) {
    throw new PixBrCodeError(
      'PIX key must be a CPF (11 digits) or CNPJ (14 digits) with valid check digits, an e-mail ' +
        `(at most ${EMAIL_KEY_MAX} characters), a mobile as +55DD9XXXXXXXX, or a random key (UUID)`,
    );
  }
  return { key, type };
}
