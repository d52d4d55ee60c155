import { SEARCH_MAX_LENGTH } from '../constants/storefront-constants.ts';
import { type CategorySlug, isCategorySlug } from './categories.ts';
import { PRODUCT_SORTS, type ProductSort } from './product.ts';

function isSort(value: string | null): value is ProductSort {
  return (PRODUCT_SORTS as readonly (string | null)[]).includes(value);
}

function categoryOf(params: URLSearchParams): CategorySlug | null {
  const requested = params.get('categoria')?.trim().toLowerCase() ?? '';
  return isCategorySlug(requested) ? requested : null;
}

/**
 * /produtos?search=...&categoria=...&ordem=...: what the page lists. The page, the server's
 * renderer (entry-server.tsx) and the page's head (the API's storefront/pages.ts) read the
 * address the same way.
 */
export function productsListing(params: URLSearchParams): {
  search: string;
  category: CategorySlug | null;
  sort: ProductSort;
} {
  const ordem = params.get('ordem');
  return {
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    category: categoryOf(params),
    sort: isSort(ordem) ? ordem : 'name',
  };
}

/** /categorias?categoria=orelha: an unknown category lists everything rather than nothing. */
export function categoryListing(params: URLSearchParams): CategorySlug | null {
  return categoryOf(params);
}
