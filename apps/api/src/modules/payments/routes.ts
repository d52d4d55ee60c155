import { CHECKOUT_EXTRA_MESSAGES } from '@lumina/shared/checkout/checkout-messages';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { paymentResponseSchema } from '@lumina/shared/orders/order-schemas';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { parsePathId } from '../../http/path-id.ts';
import { currentUser, requireUser } from '../auth/authenticate.ts';
import { parseOrderId } from '../orders/service.ts';
import type { PaymentService } from './service.ts';
import { paymentByMethodJson } from './pay-by-method.ts';
import {
  cardRejectedResponseSchema,
  payByMethodBodySchema,
  payByMethodResponseSchema,
} from '@lumina/shared/payments/payment-by-method';

const failures = {
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  503: errorResponseSchema,
};

/** The logged-in shopper's payment calls (spec 001 §7, Checkout and orders). */
export const paymentRoutes: FastifyPluginCallbackZod<{ payments: PaymentService }> = (
  app,
  { payments },
  done,
) => {
  app.addHook('onRequest', requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/orders/:id/mercadopago_payment',
    {
      schema: {
        tags: ['payments'],
        summary: "Issues the order's PIX charge, or answers the open one (owner only)",
        description:
          'Body {payment_method: "pix", frontend_url, cep}; only PIX is accepted. An unpaid order priced for a card or a boleto goes back to its PIX prices with the new charge, whose amount is the new total. The name is the one the spec uses whichever provider (PAYMENT_PROVIDER) issues the charge. A provider failure answers 503 "Erro ao criar pagamento PIX" and the order stays payable.',
        params: z.object({ id: z.string() }),
        body: z
          .looseObject({ payment_method: z.unknown().optional() })
          .nullish()
          .describe('{payment_method, frontend_url, cep}'),
        response: { 200: paymentResponseSchema, ...failures },
      },
    },
    async (request) => {
      const method = request.body?.payment_method;
      if (method !== undefined && method !== 'pix') {
        throw new AppError('invalid_data', CHECKOUT_EXTRA_MESSAGES.paymentMethod, {
          code: 'invalid_payment_method',
        });
      }
      return payments.payForOrder(currentUser(request).id, parseOrderId(request.params.id));
    },
  );

  app.post(
    '/orders/:id/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'Pays the order by PIX, card (instalments) or boleto (owner only)',
        description:
          'Body {method: "card", token, installments, payment_method_id, issuer_id?, payer: {cpf}} or {method: "boleto"} (CPF and address from the order) or {method: "pix"} (the PIX charge of /mercadopago_payment). The amount is always the order\'s, re-priced for the method in the same transaction while it is unpaid (PIX prices for PIX, list prices for card and boleto; payment_method and the totals of GET /api/orders/{id} follow). A boleto is due in the store setting boleto_due_days and the order waits for it until the end of the next business day after its due date. Card and boleto need PAYMENT_PROVIDER=mercadopago, else 422. A refused card answers 422 code payment_rejected with the pt-BR message and `payment` (status rejected); the order stays payable and another try is allowed. Approved: the order is paid; processing (card in review) and pending (boleto) wait for the webhook. The same card token on the same order answers the same payment (a double submit charges once).',
        params: z.object({ id: z.string() }),
        body: payByMethodBodySchema,
        response: {
          200: payByMethodResponseSchema,
          ...failures,
          422: cardRejectedResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const orderId = parseOrderId(request.params.id);
      const body = request.body;
      if (body.method === 'pix') {
        const pix = await payments.payForOrder(userId, orderId);
        return {
          payment: {
            id: pix.payment_id,
            method: 'pix' as const,
            status: pix.status,
            status_detail: null,
            message: pix.message,
            pix_data: pix.pix_data,
          },
        };
      }
      const result =
        body.method === 'card'
          ? await payments.payWithCard(userId, orderId, body)
          : await payments.payWithBoleto(userId, orderId);
      const payment = paymentByMethodJson(result.payment);
      if (result.rejected) {
        return reply.code(422).send({
          type: 'invalid_data' as const,
          code: 'payment_rejected',
          message: payment.message,
          payment,
        });
      }
      return { payment };
    },
  );

  app.post(
    '/orders/:id/simulate_payment',
    {
      schema: {
        tags: ['payments'],
        summary: "Sandbox only: approves the order's open PIX as if it had been paid (owner only)",
        description: 'Answers 404 unless PAYMENTS_SANDBOX is on.',
        params: z.object({ id: z.string() }),
        response: {
          200: z.object({ success: z.boolean(), status: z.string(), order_status: z.string() }),
          ...failures,
        },
      },
    },
    async (request) =>
      payments.simulateApproval(currentUser(request).id, parseOrderId(request.params.id)),
  );

  app.get(
    '/payments/:id/status',
    {
      schema: {
        tags: ['payments'],
        summary: 'One payment of the user, as it stands (owner only)',
        params: z.object({ id: z.string() }),
        response: {
          200: z.object({
            payment_id: z.number().int(),
            status: z.string(),
            message: z.string(),
            expires_at: z.string(),
            order_id: z.number().int(),
            order_status: z.string(),
            payment_status: z.string(),
          }),
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const id = parsePathId(request.params.id);
      if (id === undefined) {
        throw new AppError('not_found', 'Pagamento não encontrado', { code: 'payment_not_found' });
      }
      return payments.paymentStatus(currentUser(request).id, id);
    },
  );

  app.post(
    '/my_orders/verify_pix',
    {
      schema: {
        tags: ['payments'],
        summary: "Re-checks the user's open PIX payments with the provider",
        description:
          'Replaces the fix_pix call the spec sends to a development server: expired charges are cancelled, paid ones applied.',
        response: {
          200: z.object({
            success: z.boolean(),
            message: z.string(),
            checked: z.number().int(),
            updated: z.number().int(),
          }),
          401: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => payments.verifyUserPayments(currentUser(request).id),
  );

  done();
};
