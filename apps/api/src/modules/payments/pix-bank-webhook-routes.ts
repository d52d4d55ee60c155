import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { errorResponseSchema } from '../../http/error-schema.ts';
import type { PaymentService } from './service.ts';
import { WEBHOOK_MESSAGES } from './webhook-routes.ts';

export const PIX_BANK_WEBHOOK_MESSAGES = {
  badSecret: 'Endereço de notificação inválido',
} as const;

/** Equal secrets, compared in constant time whatever their lengths (digests of both). */
export function sameSecret(expected: string, given: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

const notifiedPixSchema = z.looseObject({
  endToEndId: z.string().max(100).optional(),
  txid: z.string().max(100).nullish(),
  valor: z.string().max(20).optional(),
  horario: z.string().max(40).optional(),
});

/**
 * POST /api/webhooks/pix/{secret}/pix: the bank's API Pix notifies received PIX at the URL the
 * shop registered (PUT /webhook/{chave}) with '/pix' appended. The secret in the path is the
 * check (the spec's mTLS to the shop ends at the shop's proxy). The body is only a hint: each
 * txid's cob is read back from the bank and applied through the same path as every provider
 * report, so a forged, replayed or duplicated notification changes nothing. When the bank cannot
 * be read, 503: the bank delivers again, and the reconciliation job reads it anyway.
 */
export const pixBankWebhookRoutes: FastifyPluginCallbackZod<{
  payments: Pick<PaymentService, 'onProviderNotification'>;
  /** Undefined when the bank is not the provider: every call is then refused. */
  secret: string | undefined;
}> = (app, { payments, secret }, done) => {
  app.post(
    '/webhooks/pix/:secret/pix',
    {
      schema: {
        tags: ['payments'],
        summary: "The shop's bank's API Pix notifications (secret path)",
        params: z.object({ secret: z.string() }),
        body: z.looseObject({ pix: z.array(notifiedPixSchema).max(1000).optional() }).nullish(),
        response: {
          200: z.object({ received: z.boolean() }),
          401: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
      // Before the body is validated: a caller without the secret learns nothing from a 422.
      preValidation: (request, _reply, next) => {
        const given = (request.params as { secret?: unknown }).secret;
        if (secret === undefined || typeof given !== 'string' || !sameSecret(secret, given)) {
          request.log.warn('pix webhook refused: wrong secret');
          next(
            new AppError('unauthorized', PIX_BANK_WEBHOOK_MESSAGES.badSecret, {
              code: 'invalid_webhook_secret',
            }),
          );
          return;
        }
        next();
      },
    },
    async (request) => {
      const txids = new Set(
        (request.body?.pix ?? []).flatMap((pix) => (pix.txid ? [pix.txid] : [])),
      );
      for (const txid of txids) {
        try {
          const outcome = await payments.onProviderNotification('pix_bank', txid);
          request.log.info({ txid, outcome }, 'pix bank notification');
        } catch (error) {
          request.log.warn({ err: error, txid }, 'pix bank notification not applied');
          throw new AppError('unavailable', WEBHOOK_MESSAGES.providerUnavailable, {
            code: 'payment_provider_failed',
          });
        }
      }
      return { received: true };
    },
  );
  done();
};
