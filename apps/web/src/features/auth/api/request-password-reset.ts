import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const FORGOT_PASSWORD_MESSAGES = {
  /** Spec 000 §8: shown in an alert. */
  sent: 'Email de recuperação enviado com sucesso!',
  failed: 'Erro ao enviar email de recuperação',
} as const;

/** POST /api/password_resets: the same answer whether or not the e-mail has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<{ message: string }>('/password_resets', { method: 'POST', body: { email } }),
  });
}
