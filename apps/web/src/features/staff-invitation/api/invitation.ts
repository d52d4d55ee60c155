import type { AcceptInvitationInput, InvitationPreview } from '@lumina/shared/admin/staff';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['staff-invitation', token],
    queryFn: ({ signal }) =>
      apiRequest<InvitationPreview>(`/staff_invitations/${encodeURIComponent(token)}`, { signal }),
    // Used or cancelled from one minute to the next: never show a remembered answer.
    staleTime: 0,
    gcTime: 0,
    // A refusal (unknown, expired, used) is the answer, not a hiccup to retry.
    retry: false,
  });
}

/** GET /api/staff_invitations/{token}: the shop, the invited e-mail and the role. */
export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}

export interface AcceptAnswer {
  success: true;
  message: string;
  email: string;
}

/** POST /api/staff_invitations/{token}: creates the staff account. */
export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (body: AcceptInvitationInput) =>
      apiRequest<AcceptAnswer>(`/staff_invitations/${encodeURIComponent(token)}`, {
        method: 'POST',
        body,
      }),
  });
}
