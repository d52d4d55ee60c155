import type {
  adminPrivacyQueueSchema,
  CompletePrivacyRequest,
  completePrivacyRequestAnswerSchema,
} from '@lumina/shared/privacy/privacy-requests';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminRequest } from './admin-request.ts';

export type AdminPrivacyQueue = z.infer<typeof adminPrivacyQueueSchema>;
export type AdminPrivacyRequest = AdminPrivacyQueue['requests'][number];
type CompleteAnswer = z.infer<typeof completePrivacyRequestAnswerSchema>;

export const privacyQueueKey = ['admin', 'privacy', 'queue'] as const;

/** A minute, like the security dashboard: deadlines are counted in days. */
export const PRIVACY_QUEUE_STALE_MS = 60_000;

export function privacyQueueQueryOptions() {
  return queryOptions({
    queryKey: privacyQueueKey,
    queryFn: ({ signal }) => adminRequest<AdminPrivacyQueue>('/admin/privacy_requests', { signal }),
    staleTime: PRIVACY_QUEUE_STALE_MS,
  });
}

/** The LGPD requests of every customer: open ones first by deadline, overdue on top. */
export function usePrivacyQueue() {
  return useQuery(privacyQueueQueryOptions());
}

export interface CompleteInput {
  id: number;
  body: CompletePrivacyRequest;
}

/**
 * Answers a request (an export file, an erasure...); the person is told by e-mail. The queue is
 * read again: the counts and the order change.
 */
export function useCompletePrivacyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: CompleteInput) =>
      adminRequest<CompleteAnswer>(`/admin/privacy_requests/${id}/complete`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyQueueKey }),
  });
}
