import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function verifyResetToken(token: string, signal?: AbortSignal): Promise<{ valid: boolean }> {
  return apiRequest<{ valid: boolean }>(`/password_resets/verify/${encodeURIComponent(token)}`, {
    signal,
  });
}

export function resetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['account', 'reset-token', token],
    queryFn: ({ signal }) => verifyResetToken(token, signal),
    select: (data) => data.valid === true,
    // The answer changes once the link is used or expires: never show a remembered 'valid'.
    staleTime: 0,
    gcTime: 0,
    // A failed check has its own message and a retry button (spec 001 §8).
    retry: false,
  });
}

/** `token` is null when the address has none: nothing is asked. */
export function useResetTokenCheck(token: string | null) {
  return useQuery({ ...resetTokenQueryOptions(token ?? ''), enabled: token !== null });
}
