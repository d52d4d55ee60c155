import { MAX_LABELS_AT_ONCE } from '@lumina/shared/fulfilment/fulfilment-json';
import {
  buyLabelBodySchema,
  labelOptionsJsonSchema,
} from '@lumina/shared/fulfilment/fulfilment-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/authenticate.ts';
import { adminScope } from '../auth/private-scope.ts';
import { actorOf, idParams, orderCallFailures } from '../admin/route-parts.ts';
import { parseOrderId } from '../orders/service.ts';
import { labelJson, labelJsonSchema } from './fulfilment-json.ts';
import type { LabelModule } from './label-module.ts';
import { LABEL_TEXTS } from './label-texts.ts';
import { MELHOR_ENVIO_STATE_TTL_MS, type MelhorEnvioActor } from './melhor-envio-connection.ts';

/** The `state` of one authorization, in the browser that started it (httpOnly, callback only). */
export const MELHOR_ENVIO_STATE_COOKIE = 'lumina_melhorenvio_state';
const CALLBACK_PATH = '/api/melhorenvio/oauth/callback';
/** Where the callback sends the administrator back: the settings page reads `melhorenvio`. */
// The panel's store settings page, where the Melhor Envio card reads `?melhorenvio=`.
const PANEL_PATH = '/admin/loja';

const orderIdsBody = z.object({
  order_ids: z
    .array(
      z
        .number({ error: LABEL_TEXTS.orderIds })
        .int(LABEL_TEXTS.orderIds)
        .positive(LABEL_TEXTS.orderIds),
      {
        error: LABEL_TEXTS.orderIds,
      },
    )
    .min(1, LABEL_TEXTS.orderIds)
    .max(MAX_LABELS_AT_ONCE, LABEL_TEXTS.orderIds),
});

const labelAnswer = z.object({ label: labelJsonSchema });

const statusAnswer = z.object({
  melhor_envio: z.object({
    configured: z.boolean(),
    connected: z.boolean(),
    via: z.enum(['oauth', 'token']).nullable(),
    balance: z.number().nullable().describe('reais'),
    balance_error: z.string().nullable(),
  }),
  invoices: z.object({ available: z.boolean(), auto_invoice: z.boolean() }),
});

function connectionActorOf(request: FastifyRequest): MelhorEnvioActor {
  return { id: currentUser(request).id, ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** The administrator's label calls and the Melhor Envio connection (contract paths). */
export const labelAdminRoutes: FastifyPluginCallbackZod<{
  fulfilment: LabelModule;
  secureCookies: boolean;
}> = (app, { fulfilment, secureCookies }, done) => {
  const { labels, connection } = fulfilment;

  // Labels are order work (the operator's); whether they can be made now too, for the order page.
  void app.register(
    adminScope('orders', (orders, _options, next) => {
      orders.post(
        '/admin/orders/:id/label',
        {
          schema: {
            tags: ['admin', 'fulfilment'],
            summary:
              "Buys the order's Melhor Envio label (or resumes the purchase where it stopped)",
            description:
              "A paid order not yet shipped. Cart, checkout with the wallet and generation are recorded step by step; a second call gets the same label (whatever service it names). With the tracking code the order is marked shipped and the shopper told. `service_id`: another service than the shopper's, which a fresh quote must offer within the deadline they were promised (422 otherwise).",
            params: idParams,
            body: buyLabelBodySchema,
            response: { 200: labelAnswer, ...orderCallFailures },
          },
        },
        async (request) => ({
          label: labelJson(
            await labels.buy(
              parseOrderId(request.params.id),
              actorOf(request),
              request.body?.service_id,
            ),
          ),
        }),
      );

      orders.get(
        '/admin/orders/:id/label/options',
        {
          schema: {
            tags: ['admin', 'fulfilment'],
            summary:
              "The services the order's label may be bought with: Melhor Envio's quotes that keep the promised deadline, and the shopper's own",
            description:
              "Asks Melhor Envio's calculator for the label's box; only services the shop can buy without a drop-off agency. Cheapest first; `chosen` marks the shopper's service.",
            params: idParams,
            response: { 200: labelOptionsJsonSchema, ...orderCallFailures },
          },
        },
        async (request) => labels.options(parseOrderId(request.params.id)),
      );

      orders.post(
        '/admin/labels',
        {
          schema: {
            tags: ['admin', 'fulfilment'],
            summary:
              'Buys the labels of several orders (at most 50), each answering its label or error',
            body: orderIdsBody,
            response: {
              200: z.object({
                results: z.array(
                  z.object({
                    order_id: z.number().int(),
                    label: labelJsonSchema.optional(),
                    error: z.string().optional(),
                  }),
                ),
              }),
              ...orderCallFailures,
            },
          },
        },
        async (request) => ({
          results: await labels.buyMany(request.body.order_ids, actorOf(request)),
        }),
      );

      orders.post(
        '/admin/orders/:id/label/cancel',
        {
          schema: {
            tags: ['admin', 'fulfilment'],
            summary:
              "Cancels the order's label before it is posted (Melhor Envio refunds the wallet)",
            params: idParams,
            response: { 200: labelAnswer, ...orderCallFailures },
          },
        },
        async (request) => ({
          label: labelJson(await labels.cancel(parseOrderId(request.params.id), actorOf(request))),
        }),
      );

      orders.post(
        '/admin/labels/print',
        {
          schema: {
            tags: ['admin', 'fulfilment'],
            summary: 'One PDF with the labels of these orders (each must be ready to print)',
            body: orderIdsBody,
            response: { 200: z.object({ url: z.string() }), ...orderCallFailures },
          },
        },
        async (request) => ({ url: await labels.printUrl(request.body.order_ids) }),
      );

      orders.get(
        '/admin/fulfilment',
        {
          schema: {
            tags: ['admin', 'fulfilment'],
            summary:
              "Whether labels (Melhor Envio, with the wallet's balance) and NF-e are available",
            response: { 200: statusAnswer, ...orderCallFailures },
          },
        },
        async () => fulfilment.status(),
      );
      next();
    }),
  );

  // Connecting the shop's Melhor Envio account is a setting, the owner's.
  void app.register(
    adminScope('settings', (settings, _options, next) => {
      settings.get(
        '/melhorenvio/oauth/start',
        {
          schema: {
            tags: ['admin', 'fulfilment'],
            summary:
              "Starts 'Conectar ao Melhor Envio': the Melhor Envio page to send this browser to",
            description:
              'Sets the authorization state in an httpOnly cookie read only by the callback; the panel then navigates to `url`.',
            response: { 200: z.object({ url: z.string() }), ...orderCallFailures },
          },
        },
        async (request, reply) => {
          const { url, state } = await connection.startAuthorization(connectionActorOf(request));
          void reply.setCookie(MELHOR_ENVIO_STATE_COOKIE, state, {
            path: CALLBACK_PATH,
            httpOnly: true,
            // Melhor Envio's redirect back is a top-level navigation from another site: Lax lets it in.
            sameSite: 'lax',
            secure: secureCookies,
            maxAge: MELHOR_ENVIO_STATE_TTL_MS / 1000,
          });
          return { url };
        },
      );

      settings.delete(
        '/melhorenvio/connection',
        {
          schema: {
            tags: ['admin', 'fulfilment'],
            summary: 'Disconnects the shop from Melhor Envio (the tokens are deleted)',
            response: { 204: z.null().describe('Disconnected'), ...orderCallFailures },
          },
        },
        async (request, reply) => {
          await connection.disconnect(connectionActorOf(request));
          return reply.code(204).send(null);
        },
      );
      next();
    }),
  );

  done();
};

function back(reply: FastifyReply, outcome: 'connected' | 'error') {
  void reply.clearCookie(MELHOR_ENVIO_STATE_COOKIE, { path: CALLBACK_PATH });
  return reply
    .header('cache-control', 'no-store')
    .redirect(`${PANEL_PATH}?melhorenvio=${outcome}`, 302);
}

/**
 * Melhor Envio's redirect back after the administrator allowed (or refused) the shop. A browser
 * navigation: it answers with a redirect to the panel, never with JSON or a token.
 */
export const melhorEnvioCallbackRoutes: FastifyPluginCallbackZod<{ fulfilment: LabelModule }> = (
  app,
  { fulfilment },
  done,
) => {
  app.get(
    '/melhorenvio/oauth/callback',
    {
      schema: {
        tags: ['fulfilment'],
        summary: "Melhor Envio's OAuth redirect: stores the tokens and goes back to the panel",
        querystring: z.looseObject({
          code: z.string().max(4000).optional(),
          state: z.string().max(500).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { code, state, error } = request.query;
      if (error) return back(reply, 'error');
      try {
        await fulfilment.connection.completeAuthorization({
          code,
          state,
          cookieState: request.cookies[MELHOR_ENVIO_STATE_COOKIE],
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return back(reply, 'connected');
      } catch (failure) {
        request.log.warn({ err: failure }, 'Melhor Envio authorization failed');
        return back(reply, 'error');
      }
    },
  );
  done();
};
