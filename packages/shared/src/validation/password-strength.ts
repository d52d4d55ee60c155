import { STRENGTH_CUTOFFS } from '../constants/account-constants.ts';
import { HAS_DIGIT, HAS_UPPER } from './password.ts';

export type PasswordStrength = 'very_weak' | 'weak' | 'medium' | 'strong';

export const PASSWORD_STRENGTH_LABELS: Record<PasswordStrength, string> = {
  very_weak: 'Senha muito fraca',
  weak: 'Senha fraca',
  medium: 'Senha média',
  strong: 'Senha forte ✓',
};

/**
 * The reset page's indicator (spec 001 §4). Upper case and digits as the password rule counts them,
 * so 'Ébano123', which the rule accepts, is not shown as 'Senha média'.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < STRENGTH_CUTOFFS.weak) return 'very_weak';
  if (password.length < STRENGTH_CUTOFFS.strong) return 'weak';
  if (HAS_UPPER.test(password) && HAS_DIGIT.test(password)) return 'strong';
  return 'medium';
}
