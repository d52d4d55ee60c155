import { adminFeedsAnswerSchema, FEED_PATHS } from '@lumina/shared/feeds/feeds';
import type { FastifyPluginCallback } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../http/cached-json.ts';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { guardScope } from '../auth/private-scope.ts';
import type { Feeds } from './service.ts';

/**
 * Google and Meta fetch a feed a few times a day at most; a quarter of an hour of reuse in
 * proxies matches the server's own cache of it.
 */
export const FEED_CACHE_CONTROL = 'public, max-age=900';

/** GET /feeds/google.xml and /feeds/meta.csv, public like the sitemap, outside /api. */
export const feedRoutes: FastifyPluginCallback<{ feeds: Feeds }> = (app, { feeds }, done) => {
  app.get(FEED_PATHS.google, { schema: { hide: true } }, async (request, reply) =>
    sendCached(
      request,
      reply,
      await feeds.google(),
      FEED_CACHE_CONTROL,
      'application/xml; charset=utf-8',
    ),
  );

  app.get(FEED_PATHS.meta, { schema: { hide: true } }, async (request, reply) =>
    sendCached(request, reply, await feeds.meta(), FEED_CACHE_CONTROL, 'text/csv; charset=utf-8'),
  );

  done();
};

/** GET /api/admin/feeds: the panel's card of the feeds' addresses. */
export const adminFeedRoutes: FastifyPluginCallbackZod<{ feeds: Feeds }> = (
  app,
  { feeds },
  done,
) => {
  guardScope(app, { access: 'admin', permission: 'settings' });

  app.get(
    '/admin/feeds',
    {
      schema: {
        tags: ['admin', 'store'],
        summary: 'The addresses of the Google and Meta catalogue feeds, to paste in each service',
        description:
          'Absolute addresses of GET /feeds/google.xml (Google Merchant Center) and GET /feeds/meta.csv (Meta Commerce Manager), the returns policy page Merchant Center asks for, and how many items the feeds list.',
        response: {
          200: adminFeedsAnswerSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    () => feeds.adminView(),
  );
  done();
};
