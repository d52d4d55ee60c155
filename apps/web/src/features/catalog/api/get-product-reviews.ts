import type { ProductReviewsResponse } from '@lumina/shared/reviews/review-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PRODUCT_GC_MS, PRODUCT_STALE_MS } from '../../../lib/query-client.ts';

/**
 * A product's approved reviews, a page at a time (GET /api/products/{id}/reviews). The first page
 * comes with the server-rendered product page (entry-server.tsx), under this same key.
 */
export function productReviewsQueryOptions(productId: number, page = 1) {
  return queryOptions({
    queryKey: ['products', 'reviews', productId, page],
    queryFn: ({ signal }) =>
      apiRequest<ProductReviewsResponse>(`/products/${productId}/reviews`, {
        query: page > 1 ? { page } : {},
        signal,
      }),
    staleTime: PRODUCT_STALE_MS,
    gcTime: PRODUCT_GC_MS,
  });
}

export function useProductReviews(productId: number, page = 1) {
  return useQuery({
    ...productReviewsQueryOptions(productId, page),
    placeholderData: keepPreviousData,
  });
}
