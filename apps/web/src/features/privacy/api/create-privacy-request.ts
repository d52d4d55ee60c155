import type { PrivacyRequest, PrivacyRequestType } from '@lumina/shared/privacy/privacy-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAccountUserId } from '../../../lib/account/account-keys.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { PrivacyRequestList } from './get-privacy-requests.ts';
import { privacyKeys } from './privacy-keys.ts';

/** The request recorded now (created) or the one of that type already open (not created). */
export interface PrivacyRequestAnswer {
  message: string;
  created: boolean;
  request: PrivacyRequest;
}

/** POST /api/privacy_requests: one open request per type; the deadline is the server's. */
export function createPrivacyRequest(type: PrivacyRequestType): Promise<PrivacyRequestAnswer> {
  return apiRequest<PrivacyRequestAnswer>('/privacy_requests', { method: 'POST', body: { type } });
}

/** The answered request goes to the top of the history (spec 001 §4), once. */
export function useCreatePrivacyRequest() {
  const client = useQueryClient();
  const key = privacyKeys.requests(useAccountUserId());
  return useMutation({
    mutationFn: createPrivacyRequest,
    onSuccess: ({ request }) => {
      client.setQueryData<PrivacyRequestList>(key, (list) => ({
        requests: [request, ...(list?.requests ?? []).filter((item) => item.id !== request.id)],
      }));
    },
  });
}
