import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '@lumina/shared/catalog/product';
import {
  MAX_DISPLAYED_PRODUCTS,
  PRODUCTS_PER_REQUEST,
} from '@lumina/shared/constants/storefront-constants';
import { PRODUCT_GC_MS, PRODUCT_STALE_MS } from '../../../lib/query-client.ts';
import { getProducts, type ProductsQuery } from './get-products.ts';

/** A whole listing: everything but the page. */
export type ListingQuery = Omit<ProductsQuery, 'page' | 'per_page'>;

const MAX_PAGES = Math.ceil(MAX_DISPLAYED_PRODUCTS / PRODUCTS_PER_REQUEST);

/**
 * Every product of a listing, 100 per request as the spec asks, up to the 999 the storefront
 * shows (spec 000 §9): the first page says how many there are, the others are asked
 * for together. The listing pages filter and sort in the browser, so they need all of them.
 */
export async function getAllProducts(
  query: ListingQuery,
  signal?: AbortSignal,
  /** How one page is asked for: the API over HTTP, or the server's catalogue when rendering. */
  getPage: (
    query: ProductsQuery,
    signal?: AbortSignal,
  ) => Promise<ProductListResponse> = getProducts,
): Promise<ProductListResponse> {
  const perPage = PRODUCTS_PER_REQUEST;
  const first = await getPage({ ...query, per_page: perPage, page: 1 }, signal);
  const pageCount = Math.min(first.total_pages, MAX_PAGES);
  const rest = await Promise.all(
    Array.from({ length: Math.max(pageCount - 1, 0) }, (_, index) =>
      getPage({ ...query, per_page: perPage, page: index + 2 }, signal),
    ),
  );
  // A product moved by a change made between two requests would come twice: keep the first.
  const seen = new Set<number>();
  const products = [first, ...rest]
    .flatMap((page) => page.products)
    .filter((product) => !seen.has(product.id) && seen.add(product.id))
    .slice(0, MAX_DISPLAYED_PRODUCTS);
  return { ...first, products, page: 1, per_page: products.length, total_pages: 1 };
}

export function allProductsQueryOptions(query: ListingQuery) {
  // Blank values and an empty option filter are left out: the same list, the same entry.
  const key = Object.fromEntries(
    Object.entries(query).filter(
      ([, value]) =>
        value !== undefined &&
        value !== null &&
        value !== '' &&
        !(Array.isArray(value) && value.length === 0),
    ),
  );
  return queryOptions({
    // Under 'products', 'list' like single pages: the product page finds a listed product there.
    queryKey: ['products', 'list', { ...key, pages: 'all' }],
    queryFn: ({ signal }) => getAllProducts(query, signal),
    staleTime: PRODUCT_STALE_MS,
    gcTime: PRODUCT_GC_MS,
  });
}

export function useAllProducts(query: ListingQuery) {
  return useQuery(allProductsQueryOptions(query));
}
