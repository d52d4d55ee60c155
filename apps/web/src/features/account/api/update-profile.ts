import type { ProfileResponse, ProfileUpdateResponse } from '@lumina/shared/users/user-json';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { accountKeys } from '../../../lib/account/account-keys.ts';
import { authUserFromProfile } from '../../../lib/account/get-profile.ts';
import type { ProfileChange } from '../model/profile-form-schema.ts';

export function updateProfile(user: ProfileChange): Promise<ProfileUpdateResponse> {
  return apiRequest<ProfileUpdateResponse>('/users/profile', { method: 'PUT', body: { user } });
}

/**
 * On success the profile query and the auth context (header greeting, stored user) hold the
 * server's copy at once, with no second request. A new e-mail shows there as `pending_email`
 * until its link is followed; `email` stays the old one.
 */
export function useUpdateProfile() {
  const client = useQueryClient();
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      client.setQueryData<ProfileResponse>(accountKeys.profile(data.user.id), {
        success: true,
        user: data.user,
      });
      setUser(authUserFromProfile(data.user));
    },
  });
}
