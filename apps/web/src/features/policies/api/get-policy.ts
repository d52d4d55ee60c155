import type { PolicyAnswer } from '@lumina/shared/settings/policy-pages';
import type { PolicyKey } from '@lumina/shared/settings/store-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { PRODUCT_GC_MS, PRODUCT_STALE_MS } from '../../../lib/query-client.ts';

/** One of the shop's policies, or null while the owner has not written it (404). */
export async function getPolicy(
  key: PolicyKey,
  signal?: AbortSignal,
): Promise<PolicyAnswer | null> {
  try {
    return await apiRequest<PolicyAnswer>(`/store/policies/${key}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function policyQueryOptions(key: PolicyKey) {
  return queryOptions({
    queryKey: ['store', 'policies', key],
    // null: the server rendered this page as not found (entry-server.tsx) or the API said 404.
    queryFn: ({ signal }) => getPolicy(key, signal),
    // As the shop's settings (lib/store-settings.ts): the owner's change reaches the server's
    // pages at once, an open tab catches up with the catalogue's freshness.
    staleTime: PRODUCT_STALE_MS,
    gcTime: PRODUCT_GC_MS,
  });
}

export function usePolicy(key: PolicyKey) {
  return useQuery(policyQueryOptions(key));
}
