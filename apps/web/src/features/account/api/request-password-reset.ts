import type { ForgotPasswordRequest } from '@lumina/shared/users/login-schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const FORGOT_PASSWORD_TEXTS = {
  success: 'Email de recuperação enviado com sucesso!',
  failed: 'Erro ao enviar email de recuperação',
} as const;

export function requestPasswordReset(body: ForgotPasswordRequest): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/password_resets', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
