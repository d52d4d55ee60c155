import {
  cartShippingRequestSchema,
  checkoutShippingRequestSchema,
} from '@lumina/shared/shipping/shipping-schemas';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { currentUser, requireUser } from '../auth/authenticate.ts';
import type { ShippingService } from './service.ts';

const shippingOptionSchema = z
  .object({
    name: z.enum(['PAC', 'SEDEX']),
    method: z.enum(['pac', 'sedex']),
    cost: z.number().describe('reais, two decimals; 0 with free shipping'),
    cost_cents: z.number().int(),
    delivery_days: z.number().int().describe('business days'),
    estimated_delivery: z.string(),
    description: z.string(),
  })
  .meta({ id: 'ShippingOption' });

const failures = {
  401: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/** Shipping quotes for a logged-in shopper (spec 000 §7, spec 001 §7). */
export const shippingRoutes: FastifyPluginCallbackZod<{ shipping: ShippingService }> = (
  app,
  { shipping },
  done,
) => {
  // onRequest, before the body is validated: the spec asks for login before anything else.
  app.addHook('onRequest', requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/checkout/calculate_shipping',
    {
      schema: {
        tags: ['shipping'],
        summary: "Prices the user's cart, or product_id x quantity, to a CEP by PAC or SEDEX",
        body: checkoutShippingRequestSchema,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({ success: z.literal(true), option: shippingOptionSchema }),
          }),
          ...failures,
        },
      },
    },
    async (request) => {
      const { cep, shipping_method: method, product_id, quantity } = request.body;
      const product =
        product_id === undefined ? undefined : { id: product_id, quantity: quantity ?? 1 };
      const option = await shipping.quote(currentUser(request).id, { cep, method, product });
      return { success: true as const, data: { success: true as const, option } };
    },
  );

  app.post(
    '/carts/calculate_shipping',
    {
      schema: {
        tags: ['shipping'],
        summary: "Prices the user's cart to a zip code by PAC or SEDEX (checkout page)",
        body: cartShippingRequestSchema,
        response: {
          200: z.object({ success: z.literal(true), shipping: shippingOptionSchema }),
          ...failures,
        },
      },
    },
    async (request) => {
      const { zip_code: cep, service: method } = request.body;
      const option = await shipping.quote(currentUser(request).id, { cep, method });
      return { success: true as const, shipping: option };
    },
  );

  done();
};
