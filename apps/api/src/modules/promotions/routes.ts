import { COUPON_MESSAGES } from '@lumina/shared/promotions/coupon-messages';
import { applyCouponBodySchema, couponBodySchema } from '@lumina/shared/promotions/coupon-schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientKey } from '../../http/client-rate-limit.ts';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { actorOf, idParams } from '../admin/route-parts.ts';
import { currentUser } from '../auth/authenticate.ts';
import { guardScope } from '../auth/private-scope.ts';
import { cartJsonSchema } from '../carts/schemas.ts';
import type { CartOwner, CartService } from '../carts/service.ts';
import { requireSessionId } from '../carts/session-header.ts';
import { cartCouponJsonSchema, couponJsonSchema } from './schemas.ts';
import { couponRejected } from './rejection.ts';
import type { PromotionsService } from './service.ts';

const adminFailures = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

const body = couponBodySchema.describe(
  '{coupon:{automatic, code, name, kind, value, max_discount, min_order, scope:{categories, product_ids}, shipping_methods, states, starts_at, ends_at, usage_limit, per_customer_limit, first_purchase_only, combines_with_pix, combines_with_sale, active}}',
);

/** The owner's coupons and automatic promotions (DESIGN.md: GET/POST/PUT/DELETE /api/admin/coupons). */
export const adminCouponRoutes: FastifyPluginCallbackZod<{ promotions: PromotionsService }> = (
  app,
  { promotions },
  done,
) => {
  // 401 anonymous, 403 to anyone whose role in the database is not admin, before any parsing.
  guardScope(app, { access: 'admin', permission: 'promotions' });

  app.get(
    '/admin/coupons',
    {
      schema: {
        tags: ['admin', 'coupons'],
        summary: 'Every coupon and automatic promotion, with its figures and where it stands',
        response: { 200: z.object({ coupons: z.array(couponJsonSchema) }), ...adminFailures },
      },
    },
    async () => ({ coupons: await promotions.list() }),
  );

  app.post(
    '/admin/coupons',
    {
      schema: {
        tags: ['admin', 'coupons'],
        summary: 'Creates a coupon (with a code) or an automatic promotion (`automatic`, a name)',
        description:
          'Every field is checked (422 with the fields in pt-BR); a code already taken, in any case, too.',
        body,
        response: { 201: z.object({ coupon: couponJsonSchema }), ...adminFailures },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ coupon: await promotions.create(request.body, actorOf(request)) }),
  );

  app.put(
    '/admin/coupons/:id',
    {
      schema: {
        tags: ['admin', 'coupons'],
        summary: 'Replaces a coupon or promotion',
        params: idParams,
        body,
        response: { 200: z.object({ coupon: couponJsonSchema }), ...adminFailures },
      },
    },
    async (request) => ({
      coupon: await promotions.update(request.params.id, request.body, actorOf(request)),
    }),
  );

  app.delete(
    '/admin/coupons/:id',
    {
      schema: {
        tags: ['admin', 'coupons'],
        summary: 'Deletes a coupon no order used (409 otherwise: pause it instead)',
        params: idParams,
        response: { 204: z.null().describe('deleted'), 409: errorResponseSchema, ...adminFailures },
      },
    },
    async (request, reply) => {
      await promotions.remove(request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );
  done();
};

/**
 * Whose cart a checkout call is about: the signed-in user's (a bearer token), else the visitor's
 * (X-Session-ID). A bearer token that was sent and refused answers 401, not the visitor's cart.
 */
function cartOwnerOf(request: FastifyRequest): CartOwner {
  if (request.user || request.authError) return { userId: currentUser(request).id };
  return { sessionId: requireSessionId(request) };
}

const shopperFailures = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

/** The shopper's coupon: POST /api/checkout/apply_coupon, DELETE /api/checkout/coupon. */
export const checkoutCouponRoutes: FastifyPluginCallbackZod<{
  promotions: PromotionsService;
  carts: CartService;
}> = (app, { promotions, carts }, done) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/checkout/apply_coupon',
    {
      schema: {
        tags: ['carts', 'coupons'],
        summary: "Puts a coupon on the user's cart (bearer) or the visitor's (X-Session-ID)",
        description:
          "422 `coupon_rejected` with the pt-BR reason on the `code` field: unknown, out of uses, out of its dates, the cart below its minimum, no item in its scope, the account or its CPF already used it, not the shopper's first purchase. Typed codes are limited per client.",
        body: applyCouponBodySchema,
        response: {
          200: z.object({ coupon: cartCouponJsonSchema, cart: cartJsonSchema }),
          ...shopperFailures,
        },
      },
    },
    async (request) => {
      const owner = cartOwnerOf(request);
      const coupon = await promotions.couponToApply(request.body.code, {
        userId: 'userId' in owner ? owner.userId : undefined,
        clientKey: clientKey(request),
      });
      const cart = await carts.applyCoupon(owner, coupon);
      // Another order took the last use between the check and the read: the coupon is gone.
      if (!cart.coupon) throw couponRejected(COUPON_MESSAGES.exhausted);
      return { coupon: cart.coupon, cart };
    },
  );

  app.delete(
    '/checkout/coupon',
    {
      schema: {
        tags: ['carts', 'coupons'],
        summary: 'Takes the coupon off the cart',
        response: {
          200: z.object({ cart: cartJsonSchema }),
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request) => ({ cart: await carts.removeCoupon(cartOwnerOf(request)) }),
  );
  done();
};
