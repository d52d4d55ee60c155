import {
  ADMIN_PRODUCTS_PER_PAGE,
  type AdminProductRow,
  adminProductListQuerySchema,
  adminProductListResponseSchema,
} from '@lumina/shared/admin/admin-products';
import { adminStatsSchema } from '@lumina/shared/admin/admin-stats';
import { centsToReais as reais } from '@lumina/shared/format/money';
import type { CategorySlug } from '@lumina/shared/catalog/categories';
import type { PriceRules } from '@lumina/shared/catalog/pricing';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/database.ts';
import type { BlingProductLinkRow } from '../../../db/schema/bling.ts';
import type { ProductRow } from '../../../db/schema/products.ts';
import { AppError } from '../../../http/app-error.ts';
import { errorResponseSchema } from '../../../http/error-schema.ts';
import { rowPixPriceCents, toProductDto } from '../../catalog/product-dto.ts';
import { productIdParamsSchema, productResponseSchema } from '../../catalog/schemas.ts';
import { createCatalogRepository } from '../../catalog/repository.ts';
import { parseProductId, PRODUCT_NOT_FOUND } from '../../catalog/service.ts';
import { adminScope } from '../../auth/private-scope.ts';
import { readAdminStats } from '../stats.ts';
import { createAdminCatalogQueries } from './queries.ts';

type ListedProduct = ProductRow &
  Pick<AdminProductRow, 'variants'> &
  Pick<BlingProductLinkRow, 'blingId' | 'syncStatus' | 'syncError'> & {
    blingSyncedAt: Date | null;
  };

function toRow(product: ListedProduct, rules: PriceRules): AdminProductRow {
  const pix = rowPixPriceCents(product, rules);
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    // The CHECK constraint on the column admits only the six slugs.
    category: product.category as CategorySlug,
    subcategory: product.subcategory,
    price: reais(product.priceCents),
    price_cents: product.priceCents,
    pix_price: reais(pix),
    pix_price_cents: pix,
    stock_quantity: product.stockQuantity,
    stock_status: product.stockStatus,
    active: product.active,
    display_status: product.displayStatus,
    image: product.images[0] ?? null,
    from_bling: product.blingId !== null,
    bling_id: product.blingId,
    sync_status: product.syncStatus,
    sync_error: product.syncError,
    bling_synced_at: product.blingSyncedAt?.toISOString() ?? null,
    updated_at: product.updatedAt.toISOString(),
    variants: product.variants,
  };
}

const failures = { 401: errorResponseSchema, 403: errorResponseSchema, 422: errorResponseSchema };

/** The panel's figures and product table (spec 001 §7: GET /admin/stats, GET /admin/products). */
export const adminCatalogRoutes: FastifyPluginCallbackZod<{
  db: Db;
  now: () => Date;
  /** The store settings' price rules now (`storeSettings`): the PIX price shown follows them. */
  priceRules: () => PriceRules;
}> = (app, { db, now, priceRules }, done) => {
  const queries = createAdminCatalogQueries(db);

  // The home's figures are a report, the product table the catalogue: a scope for each permission.
  void app.register(
    adminScope('reports', (reports, _options, next) => {
      reports.get(
        '/admin/stats',
        {
          schema: {
            tags: ['admin'],
            summary: 'Products, orders, revenue and customers at a glance',
            response: { 200: adminStatsSchema, ...failures },
          },
        },
        async () => readAdminStats(db, now()),
      );
      next();
    }),
  );

  void app.register(
    adminScope('catalogue', (catalogue, _options, next) => {
      catalogue.get(
        '/admin/products',
        {
          schema: {
            tags: ['admin'],
            summary: 'Every product (inactive and hidden too), 10 a page',
            description:
              'filter all | bling | local | pending | failed; sort id | name | price | category; direction asc | desc; q searches name and SKU; page from 1.',
            querystring: adminProductListQuerySchema,
            response: { 200: adminProductListResponseSchema, ...failures },
          },
        },
        async (request) => {
          const { rows, total } = await queries.list(request.query);
          return {
            products: rows.map((row) => toRow(row, priceRules())),
            total,
            page: request.query.page,
            per_page: ADMIN_PRODUCTS_PER_PAGE,
            total_pages: Math.max(1, Math.ceil(total / ADMIN_PRODUCTS_PER_PAGE)),
          };
        },
      );

      catalogue.get(
        '/admin/products/:id',
        {
          schema: {
            tags: ['admin'],
            summary: 'One product as the edit form needs it (inactive and hidden too)',
            params: productIdParamsSchema,
            response: { 200: productResponseSchema, 404: errorResponseSchema, ...failures },
          },
        },
        async (request) => {
          const id = parseProductId(request.params.id);
          const row =
            id === null ? undefined : await createCatalogRepository(db).findProductById(id);
          if (!row) {
            throw new AppError('not_found', PRODUCT_NOT_FOUND, { code: 'product_not_found' });
          }
          return { product: toProductDto(row, priceRules()) };
        },
      );
      next();
    }),
  );

  done();
};
