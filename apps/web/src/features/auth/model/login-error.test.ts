import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { isCaptchaRequired, loginErrorMessage } from './login-error.ts';

describe('loginErrorMessage', () => {
  it.each([
    [{ message: 'Email ou senha inválidos', error: 'x' }, 'Email ou senha inválidos'],
    [{ error: 'Conta bloqueada' }, 'Conta bloqueada'],
    [{ message: '' }, 'Erro ao fazer login'],
    [null, 'Erro ao fazer login'],
  ])('%j -> %s', (body, message) => {
    expect(loginErrorMessage(new ApiError('HTTP 401', 401, body))).toBe(message);
  });

  it('uses the form-level fallback when no answer arrived', () => {
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Erro interno do servidor. Tente novamente.',
    );
    expect(loginErrorMessage(new ApiError('Timeout na API', 0))).toBe(
      'Erro interno do servidor. Tente novamente.',
    );
  });
});

describe('isCaptchaRequired', () => {
  it('reads captcha_required or the captcha codes', () => {
    expect(isCaptchaRequired(new ApiError('x', 429, { captcha_required: true }))).toBe(true);
    expect(isCaptchaRequired(new ApiError('x', 401, { code: 'captcha_invalid' }))).toBe(true);
    expect(isCaptchaRequired(new ApiError('x', 401, { code: 'invalid_credentials' }))).toBe(false);
    expect(isCaptchaRequired(new Error('x'))).toBe(false);
  });
});
