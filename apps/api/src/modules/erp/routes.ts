import {
  blingAuthorizeSchema,
  blingStatusSchema,
  blingSyncAnswerSchema,
  blingTestWebhookAnswerSchema,
} from '@lumina/shared/admin/bling';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { keepSignedJsonBodies, signedRawBody } from '../../http/signed-json-body.ts';
import { currentUser } from '../auth/authenticate.ts';
import { adminScope, guardScope } from '../auth/private-scope.ts';
import { OAUTH_STATE_TTL_MS, type BlingActor } from './connection.ts';
import type { Erp } from './erp.ts';
import { type BlingWebhooks, WEBHOOK_TEXTS } from './webhooks.ts';

/** The `state` of one authorization, in the browser that started it (httpOnly, callback only). */
export const BLING_STATE_COOKIE = 'lumina_bling_state';
const CALLBACK_PATH = '/api/bling/oauth/callback';
/** Where the callback sends the administrator back: the panel reads `bling`. */
const PANEL_PATH = '/admin/produtos';

function actorOf(request: FastifyRequest): BlingActor {
  return { id: currentUser(request).id, ip: request.ip, userAgent: request.headers['user-agent'] };
}

const failures = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  503: errorResponseSchema,
};

/** Admin calls of the Bling connection and syncs (DESIGN.md paths; spec 001 §7). */
export const erpAdminRoutes: FastifyPluginCallbackZod<{ erp: Erp; secureCookies: boolean }> = (
  app,
  { erp, secureCookies },
  done,
) => {
  // Connecting the shop's Bling account is a setting; its product syncs are catalogue work.
  void app.register(
    adminScope('settings', (settings, _options, next) => {
      settings.get(
        '/bling/status',
        {
          schema: {
            tags: ['admin', 'bling'],
            summary: 'Whether Bling is configured and connected, and how the last sync went',
            response: { 200: blingStatusSchema, ...failures },
          },
        },
        async (_request, reply) => {
          void reply.header('cache-control', 'no-store');
          return erp.status();
        },
      );

      settings.get(
        '/bling/oauth/start',
        {
          schema: {
            tags: ['admin', 'bling'],
            summary: "Starts 'Conectar ao Bling': the Bling page to send this browser to",
            description:
              'Sets the authorization state in an httpOnly cookie read only by the callback; the panel then navigates to `url`.',
            response: { 200: blingAuthorizeSchema, ...failures },
          },
        },
        async (request, reply) => {
          const { url, state } = await erp.connection.startAuthorization(actorOf(request));
          void reply
            .setCookie(BLING_STATE_COOKIE, state, {
              path: CALLBACK_PATH,
              httpOnly: true,
              // Bling's redirect back is a top-level navigation from another site: Lax lets it in.
              sameSite: 'lax',
              secure: secureCookies,
              maxAge: OAUTH_STATE_TTL_MS / 1000,
            })
            .header('cache-control', 'no-store');
          return { url };
        },
      );

      settings.delete(
        '/bling/connection',
        {
          schema: {
            tags: ['admin', 'bling'],
            summary: 'Disconnects the shop from Bling (the tokens are deleted)',
            response: { 200: z.object({ message: z.string() }), ...failures },
          },
        },
        async (request) => {
          await erp.connection.disconnect(actorOf(request));
          return { message: 'Bling desconectado.' };
        },
      );
      next();
    }),
  );

  void app.register(
    adminScope('catalogue', (catalogue, _options, next) => {
      for (const [path, kind, summary] of [
        ['/products/sync_full_with_bling', 'full', 'Full sync with Bling, run as a job'],
        ['/products/sync_with_bling', 'pending', 'Sends Bling the pending local changes, as a job'],
      ] as const) {
        catalogue.post(
          path,
          {
            schema: {
              tags: ['admin', 'bling'],
              summary,
              response: { 202: blingSyncAnswerSchema, ...failures },
            },
          },
          async (request, reply) => {
            const message = await erp.requestSync(kind, actorOf(request));
            return reply.code(202).send({ message });
          },
        );
      }
      next();
    }),
  );

  done();
};

function back(reply: FastifyReply, outcome: string) {
  void reply.clearCookie(BLING_STATE_COOKIE, { path: CALLBACK_PATH });
  return reply.header('cache-control', 'no-store').redirect(`${PANEL_PATH}?bling=${outcome}`, 302);
}

/**
 * Bling's redirect back after the administrator allowed (or refused) the shop. A browser
 * navigation: it answers with a redirect to the panel, never with JSON or a token.
 */
export const erpOauthCallbackRoutes: FastifyPluginCallbackZod<{ erp: Erp }> = (
  app,
  { erp },
  done,
) => {
  app.get(
    '/bling/oauth/callback',
    {
      schema: {
        tags: ['bling'],
        summary: "Bling's OAuth redirect: stores the tokens and goes back to the panel",
        querystring: z.looseObject({
          code: z.string().max(2000).optional(),
          state: z.string().max(500).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { code, state, error } = request.query;
      if (error) return back(reply, 'recusado');
      try {
        await erp.connection.completeAuthorization({
          code,
          state,
          cookieState: request.cookies[BLING_STATE_COOKIE],
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return back(reply, 'conectado');
      } catch (failure) {
        request.log.warn({ err: failure }, 'Bling authorization failed');
        if (failure instanceof AppError && failure.code === 'bling_not_configured') {
          return back(reply, 'nao-configurado');
        }
        return back(reply, 'falhou');
      }
    },
  );
  done();
};

/**
 * POST /api/webhooks/bling. The signature covers the exact bytes Bling sent, so this scope reads
 * the body as text and parses it only after the check. Answered at once; a job applies it.
 */
export const blingWebhookRoutes: FastifyPluginCallbackZod<{ webhooks: BlingWebhooks }> = (
  app,
  { webhooks },
  done,
) => {
  keepSignedJsonBodies(app);
  app.post(
    '/webhooks/bling',
    {
      schema: {
        tags: ['bling'],
        summary: 'Bling webhooks (X-Bling-Signature-256 required); applied by a job',
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
          401: errorResponseSchema,
          422: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const raw = signedRawBody(request);
      const { duplicate, event } = await webhooks.receive(
        raw,
        request.headers['x-bling-signature-256'],
        { ip: request.ip, userAgent: request.headers['user-agent'] },
      );
      request.log.info({ event, duplicate }, 'bling webhook received');
      return { received: true as const, duplicate };
    },
  );
  done();
};

/** 'Testar webhook' (spec 001 §7): a signed sample through the real webhook route. */
export const blingTestWebhookRoutes: FastifyPluginCallbackZod<{ webhooks: BlingWebhooks }> = (
  app,
  { webhooks },
  done,
) => {
  guardScope(app, { access: 'admin', permission: 'settings' });
  app.post(
    '/bling/test_webhook',
    {
      schema: {
        tags: ['admin', 'bling'],
        summary: 'Sends a signed sample event through POST /api/webhooks/bling',
        response: { 200: blingTestWebhookAnswerSchema, ...failures },
      },
    },
    async () => {
      const { rawBody, signature, name } = webhooks.sampleEvent();
      const delivered = await app.inject({
        method: 'POST',
        url: '/api/webhooks/bling',
        headers: { 'content-type': 'application/json', 'x-bling-signature-256': signature },
        payload: rawBody,
      });
      if (delivered.statusCode !== 200) {
        throw new AppError(
          'unavailable',
          `O webhook de teste falhou (HTTP ${delivered.statusCode}).`,
          {
            code: 'bling_webhook_test_failed',
          },
        );
      }
      return {
        success: true as const,
        message: WEBHOOK_TEXTS.testReceived,
        test_data: { name },
      };
    },
  );
  done();
};
