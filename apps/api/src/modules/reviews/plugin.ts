import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JsonCache } from '../../http/cached-json.ts';
import { adminReviewRoutes, productReviewRoutes, reviewRoutes } from './routes.ts';
import type { ReviewService } from './service.ts';

/**
 * Every review path under /api, each in a scope of its own (the buyer's, the public list, the
 * panel's): one line in buildApp.
 */
export const reviewsPlugin: FastifyPluginAsyncZod<{
  reviews: ReviewService;
  cache: JsonCache;
  productShown: (id: number) => Promise<boolean>;
}> = async (app, { reviews, cache, productShown }) => {
  await app.register(reviewRoutes, { reviews });
  await app.register(productReviewRoutes, { reviews, cache, productShown });
  await app.register(adminReviewRoutes, { reviews });
};
