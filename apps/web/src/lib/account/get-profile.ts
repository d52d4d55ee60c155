import { DATA_QUERY_CACHE } from '@lumina/shared/constants/account-constants';
import type { ProfileResponse } from '@lumina/shared/users/user-json';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import type { AuthUser } from '../auth/auth-types.ts';
import { accountKeys } from './account-keys.ts';

/** GET /api/users/profile answers the same user shape as login (gender as M, F or O). */
export type ProfileUser = AuthUser;

export function getProfile(signal?: AbortSignal): Promise<ProfileResponse> {
  return apiRequest<ProfileResponse>('/users/profile', { signal });
}

export function profileQueryOptions(userId: number) {
  return queryOptions({
    queryKey: accountKeys.profile(userId),
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: DATA_QUERY_CACHE.staleTimeMs,
    gcTime: DATA_QUERY_CACHE.gcTimeMs,
    select: (data) => data.user,
  });
}

/** `userId` 0 means nobody is logged in: nothing is asked. */
export function useProfile(userId: number) {
  return useQuery({ ...profileQueryOptions(userId), enabled: userId > 0 });
}
