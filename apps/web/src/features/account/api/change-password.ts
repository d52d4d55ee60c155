import type { ChangePasswordRequest } from '@lumina/shared/users/change-password-schema';
import type { SuccessMessage } from '@lumina/shared/users/user-json';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function changePassword(body: ChangePasswordRequest): Promise<SuccessMessage> {
  return apiRequest<SuccessMessage>('/users/change_password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
