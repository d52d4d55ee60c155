import type {
  AdminReviewList,
  ModerateReview,
  ModerateReviewAnswer,
  ReviewStatus,
} from '@lumina/shared/reviews/review-schemas';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';

/** The queue's filters as they stand in the page's URL. */
export interface ReviewFilters {
  status?: ReviewStatus;
  page?: number;
}

export const reviewKeys = {
  all: ['admin', 'reviews'] as const,
  list: (filters: ReviewFilters) => ['admin', 'reviews', 'list', filters] as const,
};

/** Reviews arrive while the panel is open: the queue is read again after a minute. */
const REVIEWS_STALE_MS = 60_000;

export function reviewsQueryOptions(filters: ReviewFilters) {
  return queryOptions({
    queryKey: reviewKeys.list(filters),
    queryFn: ({ signal }) =>
      adminRequest<AdminReviewList>('/admin/reviews', { query: { ...filters }, signal }),
    staleTime: REVIEWS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useReviews(filters: ReviewFilters) {
  return useQuery(reviewsQueryOptions(filters));
}

/** Publishes or hides a review with the shop's answer; the queue is read again. */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ModerateReview & { id: number }) =>
      adminRequest<ModerateReviewAnswer>(`/admin/reviews/${id}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
