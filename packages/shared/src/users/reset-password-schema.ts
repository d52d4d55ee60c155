import { z } from 'zod';
import { passwordRuleError } from '../validation/password.ts';
import { refineWith } from '../validation/rule-schema.ts';

const CROSS = '❌';

/**
 * The reset page's texts (spec 001 §2, §5, §8). The spec's '❌ A senha deve ter no mínimo 6
 * caracteres.' gives way to the register rule, whose messages the page shows behind the same
 * cross mark: the server stores no password that breaks it (README, deviations).
 */
export const RESET_PASSWORD_MESSAGES = {
  mismatch: '❌ As senhas não coincidem.',
  missingToken: '❌ Link inválido. Solicite uma nova redefinição de senha.',
  expired: '❌ Link expirado ou inválido. Solicite uma nova redefinição.',
  verifyFailed: '❌ Erro ao verificar link. Tente novamente.',
  // Ours: the spec says both fields are required without wording.
  required: '❌ Preencha a nova senha e a confirmação.',
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
  const ruleError = passwordRuleError(value);
  return ruleError === undefined ? undefined : withCrossMark(ruleError);
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
