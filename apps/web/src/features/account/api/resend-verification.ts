import type { ProfileUpdateResponse, SuccessMessage } from '@lumina/shared/users/user-json';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * 'Reenviar link': a new confirmation link to the pending new e-mail, else to the
 * account's own. The answer's message says which happened; 429 past 5 links an hour.
 */
export function resendVerification(): Promise<SuccessMessage> {
  return apiRequest<SuccessMessage>('/users/email_verification', { method: 'POST' });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

/** 'Cancelar troca': the pending new e-mail is dropped; the account keeps its address. */
export function cancelEmailChange(): Promise<ProfileUpdateResponse> {
  return apiRequest<ProfileUpdateResponse>('/users/email_change', { method: 'DELETE' });
}

export function useCancelEmailChange() {
  return useMutation({ mutationFn: cancelEmailChange });
}
