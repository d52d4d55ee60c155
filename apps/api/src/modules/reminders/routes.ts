import type { DashboardPeriod } from '@lumina/shared/admin/dashboard';
import {
  reminderStatsQuerySchema,
  reminderStatsSchema,
  reminderTokenSchema,
  restoredSummarySchema,
  unsubscribeAnswerSchema,
  unsubscribeBodySchema,
  unsubscribeStatusSchema,
} from '@lumina/shared/reminders/reminders';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { currentUser } from '../auth/authenticate.ts';
import { adminScope } from '../auth/private-scope.ts';
import { cartJsonSchema } from '../carts/schemas.ts';
import type { CartOwner, CartService } from '../carts/service.ts';
import { requireSessionId } from '../carts/session-header.ts';
import type { ReminderService } from './service.ts';
import { readReminderStats } from './stats.ts';

const tokenParams = z.object({ token: reminderTokenSchema });

function noStore(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
) {
  reply.header('cache-control', 'no-store');
  done(null, payload);
}

/**
 * Whose cart a restore fills: the signed-in user's (a bearer token), else the visitor's
 * (X-Session-ID). A bearer token sent and refused answers 401 rather than filling another cart.
 */
function cartOwnerOf(request: FastifyRequest): CartOwner {
  if (request.user || request.authError) return { userId: currentUser(request).id };
  return { sessionId: requireSessionId(request) };
}

/** One field of a multipart/form-data body (RFC 7578), the other shape RFC 8058 allows. */
export function multipartField(body: string, name: string): string | undefined {
  for (const part of body.split(/\r?\n--/)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    if (new RegExp(`name="${name}"`, 'i').test(head)) return rest.join('\n\n').trim();
  }
  return undefined;
}

/**
 * GET /api/carts/restore/{token} (DESIGN.md): a reminder's link puts its items back in the cart
 * of whoever follows it. GET /api/unsubscribe/{token} says whose link it is; POST, RFC 8058's
 * one-click (`List-Unsubscribe=One-Click` as a form, or as JSON from the shop's own page), turns
 * the marketing consent off: no cookies, 200, no redirect.
 */
export const reminderRoutes: FastifyPluginCallbackZod<{
  reminders: ReminderService;
  carts: Pick<CartService, 'read'>;
}> = (app, { reminders, carts }, done) => {
  app.addHook('onSend', noStore);
  // Mail clients post the one-click as a form; the API parses only JSON elsewhere.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, parsed) => {
      parsed(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, parsed) => {
      const value = multipartField(String(body), 'List-Unsubscribe');
      parsed(null, value === undefined ? {} : { 'List-Unsubscribe': value });
    },
  );

  app.get(
    '/carts/restore/:token',
    {
      schema: {
        tags: ['carts'],
        summary: "Puts a reminder's items back in the caller's cart (the link works once)",
        description:
          "The signed-in user's cart with a bearer token, else the visitor's (X-Session-ID). Items sold out or off sale are left out; prices are today's. Nobody is signed in by the link. A link forged (404), spent or expired (409) changes nothing.",
        params: tokenParams,
        response: {
          200: z.object({
            cart: cartJsonSchema,
            restored: restoredSummarySchema,
            message: z.string(),
          }),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const owner = cartOwnerOf(request);
      const outcome = await reminders.restore(request.params.token, owner);
      return { cart: await carts.read(owner), ...outcome };
    },
  );

  app.get(
    '/unsubscribe/:token',
    {
      schema: {
        tags: ['privacy'],
        summary:
          'Whose unsubscribe link this is (masked) and whether the consent is on; changes nothing',
        params: tokenParams,
        response: {
          200: unsubscribeStatusSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => reminders.unsubscribeStatus(request.params.token),
  );

  app.post(
    '/unsubscribe/:token',
    {
      schema: {
        tags: ['privacy'],
        summary: 'One-click unsubscribe (RFC 8058): the marketing consent goes off',
        description:
          'Body List-Unsubscribe=One-Click (application/x-www-form-urlencoded or multipart/form-data, as mail clients send it, or JSON). No cookies; 200 and no redirect. A link forged (404) or expired (409) changes nothing.',
        params: tokenParams,
        body: unsubscribeBodySchema,
        response: {
          200: unsubscribeAnswerSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          415: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) =>
      reminders.unsubscribe(request.params.token, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
  );

  done();
};

/** GET /api/admin/reminders/stats: the panel's reminder figures ('reports'). */
export const adminReminderRoutes: FastifyPluginCallbackZod<{ db: Db; now: () => Date }> = (
  app,
  { db, now },
  done,
) => {
  void app.register(
    adminScope('reports', (scope, _options, next) => {
      scope.get(
        '/admin/reminders/stats',
        {
          schema: {
            tags: ['admin'],
            summary: 'Reminders sent, carts recovered and revenue recovered in the period',
            description: 'period 7 | 30 | 90 days (30 when absent), ending today (São Paulo).',
            querystring: reminderStatsQuerySchema,
            response: {
              200: reminderStatsSchema,
              401: errorResponseSchema,
              403: errorResponseSchema,
              422: errorResponseSchema,
            },
          },
        },
        async (request) => ({
          reminders: await readReminderStats(
            db,
            now(),
            Number(request.query.period) as DashboardPeriod,
          ),
        }),
      );
      next();
    }),
  );
  done();
};
