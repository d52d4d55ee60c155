import type {
  CreateReviewBody,
  CreateReviewResponse,
  OrderReviewsResponse,
} from '@lumina/shared/reviews/review-schemas';
import { DATA_QUERY_CACHE } from '@lumina/shared/constants/account-constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A photo of a few MB on a phone's connection takes longer than the 10 s of other calls. */
const PHOTO_UPLOAD_TIMEOUT_MS = 120_000;

export const reviewKeys = {
  order: (userId: number, orderId: number) =>
    ['account', userId, 'orders', orderId, 'reviews'] as const,
};

/** My order's products and my review of each (GET /api/orders/{id}/reviews). */
export function useOrderReviews(userId: number, orderId: number) {
  return useQuery({
    queryKey: reviewKeys.order(userId, orderId),
    queryFn: ({ signal }) =>
      apiRequest<OrderReviewsResponse>(`/orders/${orderId}/reviews`, { signal }),
    staleTime: 0,
    gcTime: DATA_QUERY_CACHE.gcTimeMs,
    enabled: userId > 0 && orderId > 0,
  });
}

/**
 * Sends one product's review, then its photo when one was chosen (POST .../reviews/{id}/photo,
 * multipart field `photo`). A refused photo leaves the review sent: the error says so.
 */
export function useCreateReview(userId: number, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, photo }: { body: CreateReviewBody; photo: File | null }) => {
      const created = await apiRequest<CreateReviewResponse>(`/orders/${orderId}/reviews`, {
        method: 'POST',
        body,
      });
      if (!photo) return { created, photoError: null };
      const form = new FormData();
      form.append('photo', photo);
      try {
        await apiRequest<CreateReviewResponse>(
          `/orders/${orderId}/reviews/${created.review.id}/photo`,
          { method: 'POST', body: form, timeoutMs: PHOTO_UPLOAD_TIMEOUT_MS },
        );
        return { created, photoError: null };
      } catch (error) {
        return { created, photoError: error instanceof Error ? error.message : String(error) };
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.order(userId, orderId) }),
  });
}

/** A photo for a review of mine still waiting for moderation (it replaces one sent before). */
export function useUploadReviewPhoto(userId: number, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, photo }: { reviewId: number; photo: File }) => {
      const form = new FormData();
      form.append('photo', photo);
      return apiRequest<CreateReviewResponse>(`/orders/${orderId}/reviews/${reviewId}/photo`, {
        method: 'POST',
        body: form,
        timeoutMs: PHOTO_UPLOAD_TIMEOUT_MS,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.order(userId, orderId) }),
  });
}
