import { z } from 'zod';
import { emailSchema } from '../validation/email.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES } from '../validation/password.ts';

export const LOGIN_MESSAGES = {
  /** Fallback when the server gives no message (spec 000 §8). */
  failed: 'Erro ao fazer login',
  formFallback: 'Erro interno do servidor. Tente novamente.',
  /** Ours: the spec shows the server's text without giving it. Same answer for either mistake. */
  invalidCredentials: 'Email ou senha inválidos',
} as const;

/** POST /api/auth/login (spec 000 §5, §7): a valid e-mail and a non-empty password. */
export const loginSchema = z.object({
  email: emailSchema(),
  // No stored password is longer than the bound, so a longer one is simply wrong; the bound
  // keeps a hostile body from costing a long hash.
  password: z
    .string({ error: PASSWORD_MESSAGES.required })
    .min(1, PASSWORD_MESSAGES.required)
    .max(PASSWORD_MAX_LENGTH, LOGIN_MESSAGES.invalidCredentials),
  captcha_token: z.string().max(2048).optional(),
});

export type LoginInput = z.input<typeof loginSchema>;
export type LoginRequest = z.output<typeof loginSchema>;

/** POST /api/password_resets: the e-mail is required and valid. */
export const forgotPasswordSchema = z.object({ email: emailSchema() });

export type ForgotPasswordRequest = z.output<typeof forgotPasswordSchema>;
