import { type CategorySlug, isCategorySlug } from '@lumina/shared/catalog/categories';
import { PRODUCT_SORTS, type ProductSort } from '@lumina/shared/catalog/product';
import { SEARCH_MAX_LENGTH } from '@lumina/shared/constants/storefront-constants';

function isSort(value: string | null): value is ProductSort {
  return (PRODUCT_SORTS as readonly (string | null)[]).includes(value);
}

function categoryOf(params: URLSearchParams): CategorySlug | null {
  const requested = params.get('categoria')?.trim().toLowerCase() ?? '';
  return isCategorySlug(requested) ? requested : null;
}

/**
 * /produtos?search=...&categoria=...&ordem=...: what the page lists. The page and the server's
 * renderer (entry-server.tsx) read the address the same way, so they ask for the same products.
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
