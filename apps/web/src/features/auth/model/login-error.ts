import { LOGIN_MESSAGES } from '@lumina/shared/users/login-schema';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * Login failure text (spec 000 §8): the server's message, else its error field, else
 * 'Erro ao fazer login'; when no answer arrived at all, the form-level fallback.
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return LOGIN_MESSAGES.formFallback;
  return error.serverMessage ?? LOGIN_MESSAGES.failed;
}

/** The server wants a captcha answer with the next attempt (after 5 failures in 15 minutes). */
export function isCaptchaRequired(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  // `captcha_required` is login's own addition to the error body.
  const flagged = (error.body as { captcha_required?: unknown } | null)?.captcha_required === true;
  return flagged || error.code === 'captcha_required' || error.code === 'captcha_invalid';
}
