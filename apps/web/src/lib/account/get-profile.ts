import { DATA_QUERY_CACHE } from '@lumina/shared/constants/account-constants';
import { GENDER_CODE_BY_PROFILE, PROFILE_GENDER_BY_CODE } from '@lumina/shared/users/gender';
import type { ProfileResponse, ProfileUserJson } from '@lumina/shared/users/user-json';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import type { AuthUser } from '../auth/auth-types.ts';
import { accountKeys } from './account-keys.ts';

/** GET /api/users/profile: the login's user with the gender as the profile's word. */
export type ProfileUser = ProfileUserJson;

/** The signed-in user as the profile shows it, until the profile itself arrives. */
export function profileFromAuthUser(user: AuthUser): ProfileUser {
  return { ...user, gender: user.gender ? PROFILE_GENDER_BY_CODE[user.gender] : null };
}

/** The profile's answer as the session keeps the user (gender as the login's letter). */
export function authUserFromProfile(user: ProfileUser): AuthUser {
  return { ...user, gender: user.gender ? GENDER_CODE_BY_PROFILE[user.gender] : null };
}

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
