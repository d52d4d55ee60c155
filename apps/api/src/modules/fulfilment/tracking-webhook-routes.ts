import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { keepSignedJsonBodies, signedRawBody } from '../../http/signed-json-body.ts';
import type { TrackingWebhooks } from './tracking-webhooks.ts';

/**
 * POST /api/webhooks/melhorenvio. The signature covers the exact bytes Melhor Envio sent, so this
 * scope reads the body as text and parses it only after the check (as /api/webhooks/bling does).
 */
export const melhorEnvioWebhookRoutes: FastifyPluginCallbackZod<{ webhooks: TrackingWebhooks }> = (
  app,
  { webhooks },
  done,
) => {
  keepSignedJsonBodies(app);
  app.post(
    '/webhooks/melhorenvio',
    {
      schema: {
        tags: ['fulfilment'],
        summary: "Melhor Envio's tracking webhooks (X-ME-Signature required), applied at once",
        response: {
          200: z.object({ received: z.literal(true) }),
          401: errorResponseSchema,
          422: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const raw = signedRawBody(request);
      const { event, outcome } = await webhooks.receive(raw, request.headers['x-me-signature'], {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      request.log.info({ event, outcome }, 'melhor envio webhook received');
      return { received: true as const };
    },
  );
  done();
};
