import type { OptionFacet } from '@lumina/shared/catalog/product';
import { productQuerySchema } from '@lumina/shared/catalog/product-query';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { type JsonCache, SELF_COMPRESSED, sendCached, sendJson } from '../../http/cached-json.ts';
import { errorResponseSchema } from '../../http/error-schema.ts';
import { hasPermission } from '../auth/authenticate.ts';
import { cachedProduct, productKey } from './cached-product.ts';
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

/**
 * Whether a 404 may be retried as a read of an inactive product by someone who manages the
 * catalogue (an operator who packs orders has no business with unpublished products). Only after
 * the public read failed, so a shopper's signed-in reads cost no role lookup; the permission comes
 * from the database, never from the token.
 */
async function mayReadInactive(request: FastifyRequest, error: unknown): Promise<boolean> {
  if (!(error instanceof AppError) || error.kind !== 'not_found' || !request.user) return false;
  return hasPermission(request, 'catalogue');
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
      const key = `list:${JSON.stringify([query.per_page, query.page, query.category?.toLowerCase(), query.search, query.sort, query.display_status, query.opcao])}`;
      // The facets ignore the page and the order: the storefront asks for a listing's pages
      // together, and they share one count (concurrent misses share one load).
      const facetsKey = `facets:${JSON.stringify([query.category?.toLowerCase(), query.search, query.display_status, query.opcao])}`;
      const facets = async (load: () => Promise<OptionFacet[]>) =>
        JSON.parse((await cache.get(facetsKey, load)).body) as OptionFacet[];
      const entry = await cache.get(key, () => catalog.listProducts(query, { facets }));
      return sendCached(request, reply, entry, CATALOG_CACHE_CONTROL);
    },
  );

  app.get(
    '/products/:id',
    {
      ...SELF_COMPRESSED,
      schema: {
        tags: ['catalogue'],
        summary: 'One product of the storefront; inactive ones to administrators only',
        params: productIdParamsSchema,
        response: { 200: productResponseSchema, 404: errorResponseSchema },
      },
    },
    (request, reply) => {
      const id = parseProductId(request.params.id);
      // A live cached answer is sent at once, without a promise: the busiest read of the store.
      const entry = cache.fresh(productKey(id));
      if (entry) {
        sendCached(request, reply, entry, CATALOG_CACHE_CONTROL);
        return;
      }
      return readProduct(request, reply, id);
    },
  );

  /** The product through the cache's load (stale, refresh, miss), else an administrator's read. */
  async function readProduct(request: FastifyRequest, reply: FastifyReply, id: number | null) {
    try {
      const entry = await cachedProduct(cache, catalog, id);
      return sendCached(request, reply, entry, CATALOG_CACHE_CONTROL);
    } catch (error) {
      if (!(await mayReadInactive(request, error))) throw error;
    }
    // An administrator's read of a product no longer sold: never kept by a shared cache.
    const product = await catalog.getProduct(id, { includeInactive: true });
    return sendJson(request, reply.header('cache-control', 'private, no-store'), product);
  }

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
