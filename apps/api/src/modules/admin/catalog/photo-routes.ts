import fastifyMultipart from '@fastify/multipart';
import { PRODUCT_PHOTO_MAX_BYTES } from '@lumina/shared/catalog/product-images';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../http/app-error.ts';
import { errorResponseSchema } from '../../../http/error-schema.ts';
import { guardScope } from '../../auth/private-scope.ts';
import type { PriceRules } from '@lumina/shared/catalog/pricing';
import { toProductDto } from '../../catalog/product-dto.ts';
import { productIdParamsSchema, productResponseSchema } from '../../catalog/schemas.ts';
import { actorOf } from '../route-parts.ts';
import { productIdOf } from './write-routes.ts';
import { PHOTO_MESSAGES, type ProductPhotos } from './photos.ts';

const failures = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  422: errorResponseSchema,
};

/** What @fastify/multipart throws, said in pt-BR (its own messages are English). */
export function uploadError(error: unknown): AppError {
  const code = (error as { code?: unknown } | null)?.code;
  if (
    code === 'FST_REQ_FILE_TOO_LARGE' ||
    code === 'FST_PARTS_LIMIT' ||
    code === 'FST_FILES_LIMIT'
  ) {
    return new AppError('payload_too_large', PHOTO_MESSAGES.tooLarge, {
      code: 'image_too_large',
      cause: error,
    });
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('unsupported_media_type', PHOTO_MESSAGES.missing, {
      code: 'multipart_required',
      cause: error,
    });
  }
  return new AppError('bad_request', PHOTO_MESSAGES.missing, {
    code: 'invalid_upload',
    cause: error,
  });
}

/** DESIGN.md: POST /api/products/{id}/images (multipart, field `image`), DELETE .../{imageId}. */
export const adminProductPhotoRoutes: FastifyPluginAsyncZod<{
  photos: ProductPhotos;
  /** The store settings' price rules now: the answered product's PIX price follows them. */
  priceRules: () => PriceRules;
}> = async (app, { photos, priceRules }) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: PRODUCT_PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  guardScope(app, { access: 'admin', permission: 'catalogue' });

  app.post(
    '/products/:id/images',
    {
      schema: {
        tags: ['admin'],
        summary: 'Adds a photo (JPEG, PNG or WebP up to 5 MB, multipart field "image")',
        consumes: ['multipart/form-data'],
        params: productIdParamsSchema,
        response: { 201: productResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const id = productIdOf(request.params.id);
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file) throw new AppError('invalid_data', PHOTO_MESSAGES.missing, { code: 'no_file' });
        bytes = await file.toBuffer();
      } catch (error) {
        throw error instanceof AppError ? error : uploadError(error);
      }
      const row = await photos.add(id, bytes, actorOf(request));
      return reply.code(201).send({ product: toProductDto(row, priceRules()) });
    },
  );

  app.delete(
    '/products/:id/images/:imageId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Removes a photo from the product',
        params: productIdParamsSchema.extend({ imageId: z.string().max(100) }),
        response: { 200: productResponseSchema, ...failures },
      },
    },
    async (request) => ({
      product: toProductDto(
        await photos.remove(
          productIdOf(request.params.id),
          request.params.imageId,
          actorOf(request),
        ),
        priceRules(),
      ),
    }),
  );
};
