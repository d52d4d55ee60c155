import { STRENGTH_CUTOFFS } from '../constants/account-constants.ts';

export type PasswordStrength = 'very_weak' | 'weak' | 'medium' | 'strong';

export const PASSWORD_STRENGTH_LABELS: Record<PasswordStrength, string> = {
  very_weak: 'Senha muito fraca',
  weak: 'Senha fraca',
  medium: 'Senha média',
  strong: 'Senha forte ✓',
};

/** The reset page's indicator (spec 001 §4). */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < STRENGTH_CUTOFFS.weak) return 'very_weak';
  if (password.length < STRENGTH_CUTOFFS.strong) return 'weak';
  if (/[A-Z]/.test(password) && /\d/.test(password)) return 'strong';
  return 'medium';
}
