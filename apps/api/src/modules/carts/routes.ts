import {
  addAnonymousItemSchema,
  addCartItemSchema,
  type CartJson,
  removeAnonymousItemSchema,
  updateAnonymousItemSchema,
  updateCartItemSchema,
} from '@lumina/shared/cart/cart-schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { currentUser, requireUser } from '../auth/authenticate.ts';
import { cartResponseSchema, cartWithItemResponseSchema } from './schemas.ts';
import { type CartService, parseLineId } from './service.ts';
import { requireSessionId } from './session-header.ts';

const failures = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};

function withItem(cart: CartJson, itemId: number) {
  const item = cart.items.find((line) => line.id === itemId);
  if (!item) throw new Error(`cart line ${itemId} vanished after the add`);
  return { cart, item };
}

function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/** GET/POST/PATCH/DELETE /api/carts/...: the logged-in user's cart (spec 000 §7). */
export const userCartRoutes: FastifyPluginCallbackZod<{ carts: CartService }> = (
  app,
  { carts },
  done,
) => {
  app.addHook('onRequest', requireUser);
  app.addHook('onSend', async (_request, reply) => noStore(reply));
  const owner = (userId: number) => ({ userId });

  app.get(
    '/carts/current',
    {
      schema: {
        tags: ['carts'],
        summary: "The user's cart, priced from the current product data",
        response: { 200: cartResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ cart: await carts.read(owner(currentUser(request).id)) }),
  );

  app.post(
    '/carts/items',
    {
      schema: {
        tags: ['carts'],
        summary: 'Adds a variant of a product (the same variant stays one line)',
        body: addCartItemSchema,
        response: { 201: cartWithItemResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { product_id, variant_id, quantity, variation_details } = request.body;
      const { cart, itemId } = await carts.addItem(owner(currentUser(request).id), {
        productId: product_id,
        variantId: variant_id,
        quantity,
        variationDetails: variation_details,
      });
      return reply.code(201).send(withItem(cart, itemId));
    },
  );

  const idParams = z.object({ id: z.string() });

  app.patch(
    '/carts/items/:id',
    {
      schema: {
        tags: ['carts'],
        summary: 'Sets a line quantity; 0 or less removes the line',
        params: idParams,
        body: updateCartItemSchema,
        response: { 200: cartResponseSchema, ...failures },
      },
    },
    async (request) => ({
      cart: await carts.updateItem(
        owner(currentUser(request).id),
        parseLineId(request.params.id),
        request.body.quantity,
      ),
    }),
  );

  app.delete(
    '/carts/items/:id',
    {
      schema: {
        tags: ['carts'],
        summary: 'Removes a line',
        params: idParams,
        response: { 200: cartResponseSchema, ...failures },
      },
    },
    async (request) => ({
      cart: await carts.removeItem(owner(currentUser(request).id), parseLineId(request.params.id)),
    }),
  );

  app.delete(
    '/carts/clear',
    {
      schema: {
        tags: ['carts'],
        summary: 'Empties the cart',
        response: { 200: cartResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ cart: await carts.clear(owner(currentUser(request).id)) }),
  );

  done();
};

/** /api/anonymous_carts/...: a visitor's cart, named by the X-Session-ID header (a UUID). */
export const anonymousCartRoutes: FastifyPluginCallbackZod<{ carts: CartService }> = (
  app,
  { carts },
  done,
) => {
  app.addHook('onSend', async (_request, reply) => noStore(reply));
  // Checked before the body, so a request without a valid session id learns nothing else.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      requireSessionId(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  const owner = (sessionId: string) => ({ sessionId });

  app.get(
    '/anonymous_carts',
    {
      schema: {
        tags: ['anonymous carts'],
        summary: "The visitor's cart (empty when the session has none)",
        response: { 200: cartResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({ cart: await carts.read(owner(requireSessionId(request))) }),
  );

  app.post(
    '/anonymous_carts/add_item',
    {
      schema: {
        tags: ['anonymous carts'],
        summary: 'Adds a variant of a product (or the one size, measure and color name)',
        body: addAnonymousItemSchema,
        response: { 200: cartWithItemResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { product_id, variant_id, quantity, size, measure, color } = request.body;
      const { cart, itemId } = await carts.addItem(owner(requireSessionId(request)), {
        productId: product_id,
        variantId: variant_id,
        quantity,
        variationDetails: {
          ...(size && { size }),
          ...(measure && { measure }),
          ...(color && { color }),
        },
      });
      return withItem(cart, itemId);
    },
  );

  app.patch(
    '/anonymous_carts/update_item',
    {
      schema: {
        tags: ['anonymous carts'],
        summary: 'Sets a line quantity; 0 or less removes the line',
        body: updateAnonymousItemSchema,
        response: { 200: cartResponseSchema, ...failures },
      },
    },
    async (request) => ({
      cart: await carts.updateItem(
        owner(requireSessionId(request)),
        request.body.item_id,
        request.body.quantity,
      ),
    }),
  );

  app.delete(
    '/anonymous_carts/remove_item',
    {
      schema: {
        tags: ['anonymous carts'],
        summary: 'Removes a line',
        body: removeAnonymousItemSchema,
        response: { 200: cartResponseSchema, ...failures },
      },
    },
    async (request) => ({
      cart: await carts.removeItem(owner(requireSessionId(request)), request.body.item_id),
    }),
  );

  app.delete(
    '/anonymous_carts/clear',
    {
      schema: {
        tags: ['anonymous carts'],
        summary: 'Empties the cart',
        response: { 200: cartResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({ cart: await carts.clear(owner(requireSessionId(request))) }),
  );

  app.post(
    '/anonymous_carts/migrate_to_user',
    {
      onRequest: requireUser,
      schema: {
        tags: ['anonymous carts'],
        summary: "Moves the visitor's lines into the logged-in user's cart (once)",
        response: {
          200: cartResponseSchema.extend({
            cart_migrated: z.boolean(),
            cart_items_count: z.number().int(),
          }),
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const merge = await carts.mergeAnonymousCart(userId, requireSessionId(request));
      return { ...merge, cart: await carts.read({ userId }) };
    },
  );

  done();
};
