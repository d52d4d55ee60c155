import type { PolicyKey } from '@lumina/shared/settings/store-settings';
import type { FastifyPluginCallback } from 'fastify';
import type { JsonCache } from '../../http/cached-json.ts';
import { renderRobots, renderSitemap } from './sitemap.ts';
import type { CatalogRepository } from '../catalog/repository.ts';
import { pageEtag } from '../../http/web-app.ts';
import { matchesEtag } from '../../http/cached-json.ts';

/** Crawlers read these daily at most; an hour of caching spares the database. */
const CRAWLER_CACHE = 'public, max-age=3600';

/** /robots.txt and /sitemap.xml for search engines, with or without a web build. */
export const storefrontRoutes: FastifyPluginCallback<{
  appUrl: string;
  catalog: Pick<CatalogRepository, 'listedProductStamps'>;
  cache: JsonCache;
  /** The policies written in the store settings now (the cache is cleared when they change). */
  policies: () => PolicyKey[];
}> = (app, { appUrl, catalog, cache, policies }, done) => {
  const robots = renderRobots(appUrl);

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', CRAWLER_CACHE).type('text/plain; charset=utf-8').send(robots),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const sitemap = await cache.get(
      'sitemap.xml',
      async () => renderSitemap(appUrl, await catalog.listedProductStamps(), policies()),
      (xml) => ({ body: xml, etag: pageEtag(xml), encoded: {} }),
    );
    reply.header('cache-control', CRAWLER_CACHE).header('etag', sitemap.etag);
    if (matchesEtag(request.headers['if-none-match'], sitemap.etag)) return reply.code(304).send();
    return reply.type('application/xml; charset=utf-8').send(sitemap.body);
  });

  done();
};
