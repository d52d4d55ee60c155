import type { UnsubscribeStatus } from '@lumina/shared/reminders/reminders';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const unsubscribeKey = (token: string) => ['unsubscribe', token] as const;

/** GET /api/unsubscribe/{token}: whose link it is and whether the consent is on (no change). */
function unsubscribeQuery(token: string) {
  return queryOptions({
    queryKey: unsubscribeKey(token),
    queryFn: ({ signal }) =>
      apiRequest<UnsubscribeStatus>(`/unsubscribe/${encodeURIComponent(token)}`, { signal }),
    // A refused link stays refused: asking again would only say so again.
    retry: false,
    staleTime: Infinity,
  });
}

export function useUnsubscribeStatus(token: string) {
  return useQuery(unsubscribeQuery(token));
}

/** POST /api/unsubscribe/{token}: the same one-click a mail client sends (RFC 8058). */
export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ unsubscribed: true; message: string }>(
        `/unsubscribe/${encodeURIComponent(token)}`,
        { method: 'POST', body: { 'List-Unsubscribe': 'One-Click' } },
      ),
    onSuccess: async () => {
      // The page shows the consent off; the personal-data page reads it again when opened.
      client.setQueryData<UnsubscribeStatus>(unsubscribeKey(token), (status) =>
        status ? { unsubscribe: { ...status.unsubscribe, subscribed: false } } : status,
      );
      await client.invalidateQueries({ queryKey: ['privacy'] });
    },
  });
}
