import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { verifyMercadoPagoSignature } from '../../integrations/mercadopago/mercadopago-signature.ts';
import type { PaymentService } from './service.ts';

export const WEBHOOK_MESSAGES = {
  badSignature: 'Assinatura inválida',
  providerUnavailable: 'Não foi possível consultar o pagamento agora; tente de novo.',
} as const;

/**
 * POST /api/webhooks/mercadopago. The body is only a hint: after the signature
 * checks out, the payment is read again from MercadoPago and applied through the state machine,
 * so a forged, replayed or out-of-order notification can change nothing. When MercadoPago
 * cannot be read, the answer is 503 and MercadoPago delivers the notification again later.
 */
export const mercadoPagoWebhookRoutes: FastifyPluginCallbackZod<{
  payments: PaymentService;
  /** Undefined when MercadoPago takes neither PIX nor cards: every call is then refused. */
  secret: string | undefined;
}> = (app, { payments, secret }, done) => {
  app.post(
    '/webhooks/mercadopago',
    {
      schema: {
        tags: ['payments'],
        summary: 'MercadoPago payment notifications (x-signature required)',
        querystring: z.looseObject({
          'data.id': z.string().optional(),
          type: z.string().optional(),
        }),
        body: z
          .looseObject({
            type: z.string().optional(),
            action: z.string().optional(),
            data: z.looseObject({ id: z.union([z.string(), z.number()]).optional() }).optional(),
          })
          .nullish(),
        response: {
          200: z.object({ received: z.boolean() }),
          401: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const dataId = request.query['data.id'] ?? request.body?.data?.id?.toString();
      const valid =
        secret !== undefined &&
        verifyMercadoPagoSignature({
          secret,
          xSignature: request.headers['x-signature'],
          xRequestId: request.headers['x-request-id'],
          dataId,
          // No replay window: MercadoPago's retries may carry their first ts, and a replay can
          // only make us read the payment again, which changes nothing.
          toleranceMs: null,
        });
      if (!valid) {
        request.log.warn({ dataId }, 'webhook refused: bad or missing signature');
        throw new AppError('unauthorized', WEBHOOK_MESSAGES.badSignature, {
          code: 'invalid_signature',
        });
      }
      const type = request.query.type ?? request.body?.type;
      if (!dataId || (type !== undefined && type !== 'payment')) return { received: true };
      try {
        const outcome = await payments.onProviderNotification('mercadopago', dataId);
        request.log.info({ dataId, outcome }, 'mercadopago notification');
      } catch (error) {
        request.log.warn({ err: error, dataId }, 'mercadopago notification not applied');
        throw new AppError('unavailable', WEBHOOK_MESSAGES.providerUnavailable, {
          code: 'payment_provider_failed',
        });
      }
      return { received: true };
    },
  );
  done();
};
