import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, passwordRuleError } from '../validation/password.ts';
import { refineWith } from '../validation/rule-schema.ts';

export const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: 'Senha atual é obrigatória',
  newRequired: 'Nova senha é obrigatória',
  // The spec's 6 to 50 characters give way to the register rule and its messages
  // (validation/password.ts): the server stores no password that breaks it (README, deviations).
  blank: 'A senha não pode estar vazia',
  confirmationRequired: 'Confirmação de senha é obrigatória',
  mismatch: 'As senhas não coincidem',
  sameAsCurrent: 'A nova senha deve ser diferente da senha atual',
} as const;

/** Server answers mapped to text (spec 001 §8). */
export const CHANGE_PASSWORD_ERRORS = {
  wrongCurrent: 'Senha atual incorreta',
  validation: 'Erro de validação',
  tokenRequired: 'Token de autenticação é obrigatório',
  server: 'Erro interno do servidor. Tente novamente mais tarde.',
  other: 'Erro ao alterar senha',
  connection: 'Erro de conexão. Verifique sua internet.',
} as const;

const M = CHANGE_PASSWORD_MESSAGES;

/** New password: required, not only spaces, then the register rule; first failing check wins. */
export function newPasswordError(value: string): string | undefined {
  if (value.length === 0) return M.newRequired;
  if (value.trim().length === 0) return M.blank;
  return passwordRuleError(value);
}

/** POST /api/users/change_password (spec 001 §5). */
export const changePasswordSchema = z
  .object({
    current_password: z
      .string({ error: M.currentRequired })
      .min(1, M.currentRequired)
      // No stored password is longer; the bound keeps a hostile body from costing a long hash.
      .max(PASSWORD_MAX_LENGTH, CHANGE_PASSWORD_ERRORS.wrongCurrent),
    new_password: z.string({ error: M.newRequired }).superRefine(refineWith(newPasswordError)),
    new_password_confirmation: z
      .string({ error: M.confirmationRequired })
      .min(1, M.confirmationRequired),
  })
  .superRefine((body, ctx) => {
    const confirmation = body.new_password_confirmation;
    if (confirmation !== '' && confirmation !== body.new_password) {
      ctx.addIssue({ code: 'custom', message: M.mismatch, path: ['new_password_confirmation'] });
    }
    // One message per field: the password rule speaks first.
    const newIsAcceptable = newPasswordError(body.new_password) === undefined;
    if (newIsAcceptable && body.new_password === body.current_password) {
      ctx.addIssue({ code: 'custom', message: M.sameAsCurrent, path: ['new_password'] });
    }
  });

export type ChangePasswordRequest = z.output<typeof changePasswordSchema>;
