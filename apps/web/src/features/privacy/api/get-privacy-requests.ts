import { DATA_QUERY_CACHE } from '@lumina/shared/constants/account-constants';
import type { PrivacyRequest } from '@lumina/shared/privacy/privacy-requests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAccountUserId } from '../../../lib/account/account-keys.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { privacyKeys } from './privacy-keys.ts';

export interface PrivacyRequestList {
  requests: PrivacyRequest[];
}

/** GET /api/privacy_requests: the person's own requests, newest first. */
export function getPrivacyRequests(signal?: AbortSignal): Promise<PrivacyRequestList> {
  return apiRequest<PrivacyRequestList>('/privacy_requests', { signal });
}

export function privacyRequestsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: privacyKeys.requests(userId),
    queryFn: ({ signal }) => getPrivacyRequests(signal),
    staleTime: DATA_QUERY_CACHE.staleTimeMs,
    gcTime: DATA_QUERY_CACHE.gcTimeMs,
    select: (data) => data.requests,
  });
}

export function usePrivacyRequests() {
  const userId = useAccountUserId();
  return useQuery({ ...privacyRequestsQueryOptions(userId), enabled: userId > 0 });
}
