import { productQuerySchema } from '@lumina/shared/catalog/product-query';
import type { ProductReviewsResponse } from '@lumina/shared/reviews/review-schemas';
import { AppError } from '../../http/app-error.ts';
import type { StorefrontData } from '../../http/web-app.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { SettingsService } from '../settings/service.ts';

/** A query as the web app builds it ({per_page: 12, category: null}) in the API's string form. */
function asQueryString(
  query: Record<string, string | number | readonly string[] | null | undefined>,
): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(query).flatMap(([key, value]) =>
      value === undefined || value === null || value === ''
        ? []
        : [[key, typeof value === 'object' ? [...value] : String(value)]],
    ),
  );
}

/**
 * The catalogue the server renderer shows (for search engines and a quick first paint), read
 * through the same service and
 * validation as GET /api/products, so the page holds exactly what the browser would have asked.
 */
export function createStorefrontData(
  catalog: CatalogService,
  settings: Pick<SettingsService, 'publicStore' | 'policy'>,
  /** Whether checkout offers the order updates by WhatsApp, as GET /api/store says it. */
  orderWhatsApp: () => boolean = () => false,
  reviews?: (productId: number) => Promise<ProductReviewsResponse>,
): StorefrontData {
  return {
    /** The first page of a product's approved reviews, as GET /api/products/{id}/reviews. */
    productReviews: async (id) => reviews?.(id),
    products: (query) => catalog.listProducts(productQuerySchema.parse(asQueryString(query))),
    async product(id) {
      try {
        return await catalog.getProduct(id);
      } catch (error) {
        // Not in the storefront: the page asks for it itself and shows 'Produto não encontrado'.
        if (error instanceof AppError && error.kind === 'not_found') return undefined;
        throw error;
      }
    },
    subcategories: (slug) => catalog.listSubcategories(slug),
    store: () => ({ store: { ...settings.publicStore(), order_whatsapp: orderWhatsApp() } }),
    async policy(key) {
      const policy = await settings.policy(key);
      return policy && { policy };
    },
  };
}
