import { z } from 'zod';
import {
  CHANGE_PASSWORD_MAX_LENGTH,
  RESET_PASSWORD_MIN_LENGTH,
} from '../constants/account-constants.ts';
import { refineWith } from '../validation/rule-schema.ts';

const CROSS = '❌';

/** The reset page's texts (spec 001 §2, §5, §8). */
export const RESET_PASSWORD_MESSAGES = {
  tooShort: '❌ A senha deve ter no mínimo 6 caracteres.',
  mismatch: '❌ As senhas não coincidem.',
  missingToken: '❌ Link inválido. Solicite uma nova redefinição de senha.',
  expired: '❌ Link expirado ou inválido. Solicite uma nova redefinição.',
  verifyFailed: '❌ Erro ao verificar link. Tente novamente.',
  // Ours: the spec says both fields are required without wording, and gives no maximum; the
  // maximum is the change-password one so every way of setting a password agrees.
  required: '❌ Preencha a nova senha e a confirmação.',
  tooLong: '❌ A senha deve ter no máximo 50 caracteres.',
  fallback: 'Erro ao redefinir senha',
} as const;

export const RESET_PAGE_TEXTS = {
  verifying: 'Verificando link...',
  invalidLink: 'Link expirado ou inválido.',
  submitting: 'Redefinindo...',
} as const;

const M = RESET_PASSWORD_MESSAGES;

/** A failed reset shows the call's own message behind the cross mark. */
export function withCrossMark(message: string): string {
  return message.startsWith(CROSS) ? message : `${CROSS} ${message}`;
}

export function resetPasswordError(value: string): string | undefined {
  if (value.length === 0) return M.required;
  if (value.length < RESET_PASSWORD_MIN_LENGTH) return M.tooShort;
  if (value.length > CHANGE_PASSWORD_MAX_LENGTH) return M.tooLong;
  return undefined;
}

/** The token path parameter, or the query's token on the page. */
export const resetTokenSchema = z
  .string({ error: M.missingToken })
  .trim()
  .min(1, M.missingToken)
  .max(512, M.missingToken);

/** PUT /api/password_resets/{token} `{password, password_confirmation}`. */
export const resetPasswordSchema = z
  .object({
    password: z.string({ error: M.required }).superRefine(refineWith(resetPasswordError)),
    password_confirmation: z.string({ error: M.required }).min(1, M.required),
  })
  .superRefine((body, ctx) => {
    if (body.password_confirmation !== '' && body.password_confirmation !== body.password) {
      ctx.addIssue({ code: 'custom', message: M.mismatch, path: ['password_confirmation'] });
    }
  });

export type ResetPasswordRequest = z.output<typeof resetPasswordSchema>;
