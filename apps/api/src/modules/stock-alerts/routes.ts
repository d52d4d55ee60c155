import {
  adminStockAlertCountsSchema,
  STOCK_ALERT_MESSAGES,
  stockAlertAnswerSchema,
  stockAlertLinkAnswerSchema,
  stockAlertRequestSchema,
} from '@lumina/shared/stock-alerts/stock-alert-schemas';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { guardScope } from '../auth/private-scope.ts';
import { requestMeta } from '../auth/request-meta.ts';
import type { StockAlerts } from './service.ts';

const tokenParamsSchema = z.object({ token: z.string().max(200) });

const linkFailures = { 422: errorResponseSchema, 429: errorResponseSchema };

/** 'Avise-me quando chegar': no account needed; a session only spares the confirmation link. */
export const stockAlertRoutes: FastifyPluginCallbackZod<{ stockAlerts: StockAlerts }> = (
  app,
  { stockAlerts },
  done,
) => {
  // Each answer is about one person's address.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/stock_alerts',
    {
      schema: {
        tags: ['catalog'],
        summary: "'Avise-me quando chegar': wait for an out-of-stock variant by e-mail",
        description:
          "`consent` must be true (consent to this one e-mail). A visitor gets a confirmation link (valid 3 days) and waits once it is followed; a signed-in shopper naming the account's verified address waits at once. The answer is the same whether the address already waited or not. At most 6 sign-ups an hour per address and 20 per IP (429).",
        body: stockAlertRequestSchema,
        response: { 202: stockAlertAnswerSchema, ...linkFailures },
      },
    },
    async (request, reply) => {
      const answer = await stockAlerts.request(
        request.body,
        request.user ?? undefined,
        requestMeta(request),
      );
      return reply.code(202).send(answer);
    },
  );

  app.post(
    '/stock_alerts/confirm/:token',
    {
      schema: {
        tags: ['catalog'],
        summary: "Follows the confirmation link of a visitor's alert: it joins the queue",
        description: `Single use, within 3 days of the request. Anything else: 422 '${STOCK_ALERT_MESSAGES.invalidLink}'.`,
        params: tokenParamsSchema,
        response: { 200: stockAlertLinkAnswerSchema, ...linkFailures },
      },
    },
    async (request) => stockAlerts.confirm(request.params.token, requestMeta(request)),
  );

  app.post(
    '/stock_alerts/cancel/:token',
    {
      schema: {
        tags: ['catalog'],
        summary: "'Cancelar aviso': the alert and its e-mail address are deleted",
        description: `The link of the confirmation or of the back-in-stock e-mail. Anything else: 422 '${STOCK_ALERT_MESSAGES.invalidLink}'.`,
        params: tokenParamsSchema,
        response: { 200: stockAlertLinkAnswerSchema, ...linkFailures },
      },
    },
    async (request) => stockAlerts.cancel(request.params.token, requestMeta(request)),
  );

  done();
};

const productQuerySchema = z.object({
  product_id: z.coerce
    .number({ error: 'Produto inválido' })
    .int('Produto inválido')
    .positive('Produto inválido')
    .max(2_147_483_647, 'Produto inválido'),
});

/** The panel's product form: how many people wait for each of its variants. */
export const adminStockAlertRoutes: FastifyPluginCallbackZod<{ stockAlerts: StockAlerts }> = (
  app,
  { stockAlerts },
  done,
) => {
  guardScope(app, { access: 'admin', permission: 'catalogue' });

  app.get(
    '/admin/stock_alerts',
    {
      schema: {
        tags: ['admin', 'catalog'],
        summary: 'Shoppers waiting for each variant of a product (back in stock)',
        description:
          '`waiting`: confirmed, in the queue; `pending`: visitors who have not confirmed yet. Variants nobody waits for are left out.',
        querystring: productQuerySchema,
        response: {
          200: adminStockAlertCountsSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => stockAlerts.countsOfProduct(request.query.product_id),
  );

  done();
};
