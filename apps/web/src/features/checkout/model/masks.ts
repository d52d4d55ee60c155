import { STATE_LENGTH } from '@lumina/shared/constants/account-constants';
import { CPF_LENGTH, formatCpf } from '@lumina/shared/validation/cpf';
import { CNPJ_LENGTH } from '@lumina/shared/validation/cnpj';
import { onlyDigits } from '@lumina/shared/validation/digits';

/** '000.000.000-00' */
export const CPF_MASK_LENGTH = 14;
/** '00.000.000/0000-00' */
export const CNPJ_MASK_LENGTH = 18;

/**
 * The CPF mask of spec 001 §5 (000.000.000-00). The field is labelled CPF/CNPJ and the shared
 * rule accepts a CNPJ, so a twelfth digit switches to 00.000.000/0000-00 instead of being lost.
 */
export function maskDocument(value: string): string {
  const digits = onlyDigits(value).slice(0, CNPJ_LENGTH);
  if (digits.length <= CPF_LENGTH) return formatCpf(digits);
  const parts = [digits.slice(0, 2), digits.slice(2, 5), digits.slice(5, 8)];
  return `${parts.join('.')}/${digits.slice(8, 12)}-${digits.slice(12)}`.replace(/-$/, '');
}

/** A state code: two letters, upper case (spec 001 §3). */
export function maskState(value: string): string {
  return value
    .replace(/[^A-Za-z]/g, '')
    .slice(0, STATE_LENGTH)
    .toUpperCase();
}
