import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '@lumina/shared/catalog/product';
import type { ProductQuery } from '@lumina/shared/catalog/product-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PRODUCT_GC_MS, PRODUCT_STALE_MS } from '../../../lib/query-client.ts';

/**
 * GET /api/products parameters, typed from the API's own query schema (type only: the schema's
 * zod stays out of the home page's JavaScript). Blank values are left out of the request.
 */
export type ProductsQuery = { [K in keyof ProductQuery]?: ProductQuery[K] | null };

export function getProducts(
  query: ProductsQuery,
  signal?: AbortSignal,
): Promise<ProductListResponse> {
  return apiRequest<ProductListResponse>('/products', { query: { ...query }, signal });
}

export function productsQueryOptions(query: ProductsQuery) {
  // Blank values are left out of the key so '?search=' and no search share one cache entry.
  const key = Object.fromEntries(
    Object.entries(query).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  );
  return queryOptions({
    queryKey: ['products', 'list', key],
    queryFn: ({ signal }) => getProducts(query, signal),
    staleTime: PRODUCT_STALE_MS,
    gcTime: PRODUCT_GC_MS,
  });
}

export function useProducts(query: ProductsQuery) {
  return useQuery(productsQueryOptions(query));
}
