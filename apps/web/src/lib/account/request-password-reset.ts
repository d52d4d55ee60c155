import type { ForgotPasswordRequest } from '@lumina/shared/users/login-schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const FORGOT_PASSWORD_MESSAGES = {
  /** Spec 000 §8: the login modal also shows it in an alert. */
  sent: 'Email de recuperação enviado com sucesso!',
  failed: 'Erro ao enviar email de recuperação',
} as const;

/** POST /api/password_resets: the same answer whether or not the e-mail has an account. */
export function requestPasswordReset(body: ForgotPasswordRequest): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/password_resets', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
