import type { ChangePasswordRequest } from '@lumina/shared/users/change-password-schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface ChangePasswordResponse {
  success: boolean;
  message: string;
}

export function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  return apiRequest<ChangePasswordResponse>('/users/change_password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
