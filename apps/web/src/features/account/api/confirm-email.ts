import type { ConfirmEmailAnswer } from '@lumina/shared/users/email-verification';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Follows a confirmation link: the token goes in the body, never in a URL the API logs. */
export function confirmEmail(token: string): Promise<ConfirmEmailAnswer> {
  return apiRequest<ConfirmEmailAnswer>('/email_verifications', {
    method: 'POST',
    body: { token },
  });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
