import fastifyMultipart from '@fastify/multipart';
import { PRODUCT_PHOTO_MAX_BYTES } from '@lumina/shared/catalog/product-images';
import {
  adminReviewListQuerySchema,
  adminReviewListSchema,
  createReviewBodySchema,
  createReviewResponseSchema,
  moderateReviewAnswerSchema,
  moderateReviewSchema,
  orderReviewsResponseSchema,
  productReviewsQuerySchema,
  productReviewsResponseSchema,
  REVIEW_MESSAGES,
} from '@lumina/shared/reviews/review-schemas';
import type { FastifyPluginAsyncZod, FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { type JsonCache, sendCached } from '../../http/cached-json.ts';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { parsePathId } from '../../http/path-id.ts';
import { PHOTO_MESSAGES } from '../admin/catalog/photos.ts';
import { uploadError } from '../admin/catalog/photo-routes.ts';
import { idParams, orderCallFailures } from '../admin/route-parts.ts';
import { currentUser } from '../auth/authenticate.ts';
import { guardScope } from '../auth/private-scope.ts';
import { CATALOG_CACHE_CONTROL } from '../catalog/routes.ts';
import { productIdParamsSchema } from '../catalog/schemas.ts';
import { PRODUCT_NOT_FOUND, parseProductId } from '../catalog/service.ts';
import { parseOrderId } from '../orders/service.ts';
import { cachedReviews } from './cached-reviews.ts';
import type { ReviewService } from './service.ts';

function parseReviewId(raw: string): number {
  const id = parsePathId(raw);
  if (id === undefined) {
    throw new AppError('not_found', REVIEW_MESSAGES.notFound, { code: 'review_not_found' });
  }
  return id;
}

const photoFailures = {
  ...orderCallFailures,
  413: errorResponseSchema,
  415: errorResponseSchema,
};

/** The buyer's side (DESIGN.md: POST /api/orders/{id}/reviews), signed in only. */
export const reviewRoutes: FastifyPluginAsyncZod<{ reviews: ReviewService }> = async (
  app,
  { reviews },
) => {
  // The same limits as product photos: one JPEG, PNG or WebP of at most 5 MB.
  await app.register(fastifyMultipart, {
    limits: { fileSize: PRODUCT_PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  guardScope(app, { access: 'user' });

  app.get(
    '/orders/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: "My order's products and my review of each (the account's review page)",
        params: idParams,
        response: { 200: orderReviewsResponseSchema, ...orderCallFailures },
      },
    },
    async (request) =>
      reviews.orderReviews(currentUser(request).id, parseOrderId(request.params.id)),
  );

  app.post(
    '/orders/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Reviews a product of one of my delivered orders (once per product and order)',
        description:
          'Body {review:{product_id, rating (1-5), text}}. Only the buyer of a delivered order containing the product may review it (else 403); a second review of the same product and order answers 409. The text is kept as plain text: markup, scripts and links are removed. The review waits for moderation before the product page shows it.',
        params: idParams,
        body: createReviewBodySchema,
        response: { 201: createReviewResponseSchema, ...orderCallFailures },
      },
    },
    async (request, reply) => {
      const answer = await reviews.create(
        currentUser(request).id,
        // Any id that is not one of my orders is refused alike: no telling whose it is.
        parsePathId(request.params.id) ?? 0,
        request.body.review,
      );
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/orders/:id/reviews/:reviewId/photo',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Adds a photo to my review waiting for moderation (multipart, field "photo")',
        description:
          'JPEG, PNG or WebP up to 5 MB, checked by content and stored as WebP without its metadata, like product photos. A second photo replaces the first.',
        consumes: ['multipart/form-data'],
        params: z.object({ id: z.string(), reviewId: z.string() }),
        response: { 200: createReviewResponseSchema, ...photoFailures },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const orderId = parseOrderId(request.params.id);
      const reviewId = parseReviewId(request.params.reviewId);
      // Before the upload is read: a refused review costs no decoding.
      await reviews.assertPhotoAllowed(userId, orderId, reviewId);
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file) throw new AppError('invalid_data', PHOTO_MESSAGES.missing, { code: 'no_file' });
        bytes = await file.toBuffer();
      } catch (error) {
        throw error instanceof AppError ? error : uploadError(error);
      }
      return reviews.addPhoto(userId, orderId, reviewId, bytes);
    },
  );
};

/** The product page's reviews (DESIGN.md: GET /api/products/{id}/reviews), public and cached. */
export const productReviewRoutes: FastifyPluginCallbackZod<{
  reviews: ReviewService;
  /** The catalogue's cache: cleared with every review moderated, like the product's answer. */
  cache: JsonCache;
  /** Whether the storefront shows the product (answered from the catalogue's cache). */
  productShown: (id: number) => Promise<boolean>;
}> = (app, { reviews, cache, productShown }, done) => {
  app.get(
    '/products/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: "A product's approved reviews, newest first, with their mean and count",
        description:
          "Each with the buyer's first name, the variant bought, rating, text, date, photo and the shop's reply. page, per_page (1-50, default 10).",
        params: productIdParamsSchema,
        querystring: productReviewsQuerySchema,
        response: {
          200: productReviewsResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const id = parseProductId(request.params.id);
      if (id === null || !(await productShown(id))) {
        throw new AppError('not_found', PRODUCT_NOT_FOUND, { code: 'product_not_found' });
      }
      const entry = await cachedReviews(cache, reviews, id, request.query);
      return sendCached(request, reply, entry, CATALOG_CACHE_CONTROL);
    },
  );
  done();
};

const adminFailures = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/** The panel's moderation (DESIGN.md: GET /api/admin/reviews, PATCH /api/admin/reviews/{id}). */
export const adminReviewRoutes: FastifyPluginCallbackZod<{ reviews: ReviewService }> = (
  app,
  { reviews },
  done,
) => {
  // Reviews are part of the product pages: whoever keeps the catalogue moderates them.
  guardScope(app, { access: 'admin', permission: 'catalogue' });

  app.get(
    '/admin/reviews',
    {
      schema: {
        tags: ['admin', 'reviews'],
        summary: 'Reviews to moderate: waiting ones first, then newest first',
        description:
          'Filter status (pending, approved, hidden); page, per_page (1-50, default 20).',
        querystring: adminReviewListQuerySchema,
        response: { 200: adminReviewListSchema, ...adminFailures },
      },
    },
    async (request) => reviews.list(request.query),
  );

  app.patch(
    '/admin/reviews/:id',
    {
      schema: {
        tags: ['admin', 'reviews'],
        summary: "Publishes or hides a review, with the shop's public answer",
        description:
          'Body {status: approved | hidden, reply?}: reply is plain text (null or blank removes it; left out keeps it). The product page and its JSON-LD follow at once.',
        params: idParams,
        body: moderateReviewSchema,
        response: { 200: moderateReviewAnswerSchema, ...adminFailures },
      },
    },
    async (request) =>
      reviews.moderate(parseReviewId(request.params.id), request.body, currentUser(request).id),
  );
  done();
};
