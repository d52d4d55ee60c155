import { productQuerySchema } from '@lumina/shared/catalog/product-query';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { type JsonCache, sendCached } from '../../http/cached-json.ts';
import { errorResponseSchema } from '../../http/error-schema.ts';
import {
  categoryParamsSchema,
  productIdParamsSchema,
  productListResponseSchema,
  productResponseSchema,
  subcategoriesResponseSchema,
} from './schemas.ts';
import { type CatalogService, parseProductId } from './service.ts';

/** Browsers and proxies may reuse a catalogue answer for a minute and revalidate it for five. */
export const CATALOG_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

export interface CatalogRoutesOptions {
  catalog: CatalogService;
  /**
   * This process's rendered answers (created by buildApp, so a product write here clears them at
   * once; other processes see it when their entries expire).
   */
  cache: JsonCache;
}

export const catalogRoutes: FastifyPluginCallbackZod<CatalogRoutesOptions> = (
  app,
  { catalog, cache },
  done,
) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Active products shown in the storefront, featured first',
        querystring: productQuerySchema,
        response: { 200: productListResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const key = `list:${JSON.stringify([query.per_page, query.page, query.category?.toLowerCase(), query.search, query.sort, query.display_status])}`;
      const entry = await cache.get(key, () => catalog.listProducts(query));
      return sendCached(request, reply, entry, CATALOG_CACHE_CONTROL);
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product; inactive ones too, so their page can say it is unavailable',
        params: productIdParamsSchema,
        response: { 200: productResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const id = parseProductId(request.params.id);
      const entry = await cache.get(`product:${id}`, () => catalog.getProduct(id));
      return sendCached(request, reply, entry, CATALOG_CACHE_CONTROL);
    },
  );

  app.get(
    '/categories/:slug/subcategories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Subcategories of a category with their listed product counts',
        params: categoryParamsSchema,
        response: { 200: subcategoriesResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const slug = request.params.slug.toLowerCase();
      const entry = await cache.get(`subcategories:${slug}`, () => catalog.listSubcategories(slug));
      return sendCached(request, reply, entry, CATALOG_CACHE_CONTROL);
    },
  );
  done();
};
