import { addWishlistItemSchema } from '@lumina/shared/cart/cart-schemas';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { currentUser } from '../auth/authenticate.ts';
import { privateScope } from '../auth/private-scope.ts';
import { parseWishlistId, type WishlistService } from './service.ts';

const wishlistItemJsonSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    added_at: z.string(),
    name: z.string(),
    price: z.number(),
    pix_price: z.number(),
    image: z.string().nullable(),
    sku: z.string(),
    stock: z.number().int(),
    active: z.boolean(),
    has_options: z.boolean(),
  })
  .meta({ id: 'WishlistItem' });

/** /api/wishlist: the logged-in user's wishlist (visitors keep theirs in the browser). */
export const wishlistRoutes: FastifyPluginCallbackZod<{ wishlist: WishlistService }> = (
  app,
  { wishlist },
  done,
) => {
  void app.register(privateScope);

  app.get(
    '/wishlist',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'The wishlist, newest first',
        response: {
          200: z.object({ wishlist: z.object({ items: z.array(wishlistItemJsonSchema) }) }),
          401: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      wishlist: { items: await wishlist.list(currentUser(request).id) },
    }),
  );

  app.post(
    '/wishlist',
    {
      schema: {
        tags: ['wishlist'],
        summary: "Adds a product; a repeat answers 409 'Produto já está na lista de desejos'",
        body: addWishlistItemSchema,
        response: {
          201: z.object({ item: wishlistItemJsonSchema }),
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const item = await wishlist.add(currentUser(request).id, request.body.product_id);
      return reply.code(201).send({ item });
    },
  );

  app.delete(
    '/wishlist/:id',
    {
      schema: {
        tags: ['wishlist'],
        summary: 'Removes a wishlist item (its id, not the product id)',
        params: z.object({ id: z.string() }),
        response: {
          200: z.object({ success: z.literal(true) }),
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await wishlist.remove(currentUser(request).id, parseWishlistId(request.params.id));
      return { success: true as const };
    },
  );

  done();
};
