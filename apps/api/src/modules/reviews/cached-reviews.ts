import {
  PRODUCT_REVIEWS_PER_PAGE,
  type ProductReviewsQuery,
  type ProductReviewsResponse,
} from '@lumina/shared/reviews/review-schemas';
import type { CachedJson, JsonCache } from '../../http/cached-json.ts';
import type { ReviewService } from './service.ts';

/**
 * A product's approved reviews (GET /api/products/{id}/reviews) as the catalogue's cache keeps
 * them: one entry for the API, the server-rendered page and its JSON-LD, dropped whenever a
 * review is moderated or a product changes.
 */
export function cachedReviews(
  cache: JsonCache,
  reviews: Pick<ReviewService, 'productReviews'>,
  productId: number,
  query: ProductReviewsQuery = { page: 1, per_page: PRODUCT_REVIEWS_PER_PAGE },
): Promise<CachedJson> {
  return cache.get(`reviews:${productId}:${query.page}:${query.per_page}`, () =>
    reviews.productReviews(productId, query),
  );
}

/** The first page of a product's reviews, as an object (pages and the server renderer). */
export async function firstReviewsPage(
  cache: JsonCache,
  reviews: Pick<ReviewService, 'productReviews'>,
  productId: number,
): Promise<ProductReviewsResponse> {
  return JSON.parse(
    (await cachedReviews(cache, reviews, productId)).body,
  ) as ProductReviewsResponse;
}
