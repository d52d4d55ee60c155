import { LOGIN_MESSAGES } from '@lumina/shared/users/login-schema';
import { ApiError } from '../../../lib/api-client.ts';

function bodyField(body: unknown, key: 'message' | 'error'): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * Login failure text (spec 000 §8): the server's message, else its error field, else
 * 'Erro ao fazer login'; when no answer arrived at all, the form-level fallback.
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return LOGIN_MESSAGES.formFallback;
  return (
    bodyField(error.body, 'message') ?? bodyField(error.body, 'error') ?? LOGIN_MESSAGES.failed
  );
}

/** The server wants a captcha answer with the next attempt (after 5 failures in 15 minutes). */
export function isCaptchaRequired(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.body === null || typeof error.body !== 'object') {
    return false;
  }
  const body = error.body as { captcha_required?: unknown; code?: unknown };
  return (
    body.captcha_required === true ||
    body.code === 'captcha_required' ||
    body.code === 'captcha_invalid'
  );
}
