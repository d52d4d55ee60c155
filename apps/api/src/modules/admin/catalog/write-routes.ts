import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../http/error-schema.ts';
import { guardScope } from '../../auth/private-scope.ts';
import type { PriceRules } from '@lumina/shared/catalog/pricing';
import { toProductDto } from '../../catalog/product-dto.ts';
import { productIdParamsSchema, productResponseSchema } from '../../catalog/schemas.ts';
import { parseProductId, PRODUCT_NOT_FOUND } from '../../catalog/service.ts';
import { AppError } from '../../../http/app-error.ts';
import { actorOf } from '../route-parts.ts';
import type { ProductWrites } from '../../catalog/product-writes.ts';

const failures = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

export function productIdOf(raw: string): number {
  const id = parseProductId(raw);
  if (id === null)
    throw new AppError('not_found', PRODUCT_NOT_FOUND, { code: 'product_not_found' });
  return id;
}

const body = z
  .looseObject({ product: z.looseObject({}).optional() })
  .describe(
    '{product:{name, price, category, description, sku, active, pix_price, stock_quantity, subcategory, display_status, sizes, measures, images}}',
  );

/** The owner's product writes (spec 001 §7); administrators only, whatever the path says. */
export const adminProductWriteRoutes: FastifyPluginCallbackZod<{
  writes: ProductWrites;
  /** The store settings' price rules now: the answered product's PIX price follows them. */
  priceRules: () => PriceRules;
}> = (app, { writes, priceRules }, done) => {
  guardScope(app, { access: 'admin', permission: 'catalogue' });

  app.post(
    '/products',
    {
      schema: {
        tags: ['admin'],
        summary: 'Creates a product (administrators only)',
        body,
        response: { 201: productResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const row = await writes.create(request.body, actorOf(request));
      return reply.code(201).send({ product: toProductDto(row, priceRules()) });
    },
  );

  app.put(
    '/products/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replaces a product’s form fields; stock is set through the stock owner',
        params: productIdParamsSchema,
        body,
        response: { 200: productResponseSchema, ...failures },
      },
    },
    async (request) => ({
      product: toProductDto(
        await writes.update(productIdOf(request.params.id), request.body, actorOf(request)),
        priceRules(),
      ),
    }),
  );

  app.delete(
    '/products/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Removes a product, or retires it (inactive, hidden) when an order holds it',
        params: productIdParamsSchema,
        response: {
          200: z.object({ success: z.literal(true), retired: z.boolean() }),
          ...failures,
        },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await writes.remove(productIdOf(request.params.id), actorOf(request))),
    }),
  );

  done();
};
