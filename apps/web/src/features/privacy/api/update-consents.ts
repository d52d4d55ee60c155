import type { ConsentsAnswer, UpdateConsents } from '@lumina/shared/privacy/consents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAccountUserId } from '../../../lib/account/account-keys.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { privacyKeys } from './privacy-keys.ts';

/** Only the consents that change (the policy and the terms can only be accepted). */
export type ConsentChange = UpdateConsents['consents'];

/** PUT /api/users/consents: every change is recorded on the server with its time and IP. */
export function updateConsents(consents: ConsentChange): Promise<ConsentsAnswer> {
  return apiRequest<ConsentsAnswer>('/users/consents', { method: 'PUT', body: { consents } });
}

function applied(answer: ConsentsAnswer, change: ConsentChange): ConsentsAnswer {
  const consents = { ...answer.consents };
  for (const [name, value] of Object.entries(change)) {
    if (typeof value === 'boolean') consents[name as keyof typeof consents] = value;
  }
  return { ...answer, consents };
}

/**
 * Saves at once: the cached choice changes before the answer (a switch moves under the finger),
 * goes back if the server refuses, and becomes the server's answer when it comes.
 */
export function useUpdateConsents() {
  const client = useQueryClient();
  const key = privacyKeys.consents(useAccountUserId());
  return useMutation({
    mutationFn: updateConsents,
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<ConsentsAnswer>(key);
      if (previous) client.setQueryData(key, applied(previous, change));
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSuccess: (answer) => client.setQueryData(key, answer),
  });
}
