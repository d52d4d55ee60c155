import { DATA_QUERY_CACHE } from '@lumina/shared/constants/account-constants';
import type { ConsentsAnswer } from '@lumina/shared/privacy/consents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAccountUserId } from '../../../lib/account/account-keys.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { privacyKeys } from './privacy-keys.ts';

/** GET /api/users/consents: the current choice of each consent (false when never given). */
export function getConsents(signal?: AbortSignal): Promise<ConsentsAnswer> {
  return apiRequest<ConsentsAnswer>('/users/consents', { signal });
}

export function consentsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: privacyKeys.consents(userId),
    queryFn: ({ signal }) => getConsents(signal),
    staleTime: DATA_QUERY_CACHE.staleTimeMs,
    gcTime: DATA_QUERY_CACHE.gcTimeMs,
  });
}

export function useConsents() {
  const userId = useAccountUserId();
  return useQuery({ ...consentsQueryOptions(userId), enabled: userId > 0 });
}
