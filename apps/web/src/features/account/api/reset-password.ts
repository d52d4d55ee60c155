import type { ResetPasswordRequest } from '@lumina/shared/users/reset-password-schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface ResetPasswordResponse {
  success?: boolean;
  message: string;
}

export function resetPassword({
  token,
  body,
}: {
  token: string;
  body: ResetPasswordRequest;
}): Promise<ResetPasswordResponse> {
  return apiRequest<ResetPasswordResponse>(`/password_resets/${encodeURIComponent(token)}`, {
    method: 'PUT',
    body,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
