import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import type { TrackingWebhooks } from './tracking-webhooks.ts';

/** Melhor Envio's events are small; anything bigger is not Melhor Envio. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * POST /api/webhooks/melhorenvio. The signature covers the exact bytes Melhor Envio sent, so this
 * scope reads the body as text and parses it only after the check (as /api/webhooks/bling does).
 */
export const melhorEnvioWebhookRoutes: FastifyPluginCallbackZod<{ webhooks: TrackingWebhooks }> = (
  app,
  { webhooks },
  done,
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
    // The exact bytes for the signature, and their reading for the API-wide text check
    // (reject-invalid-text.ts), which sees the parsed strings as it does on every route.
    (_request, body, parsed) => {
      let json: unknown;
      try {
        json = JSON.parse(String(body));
      } catch {
        json = undefined;
      }
      parsed(null, { raw: String(body), json });
    },
  );
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
      const raw = (request.body as { raw?: string } | undefined)?.raw ?? '';
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
