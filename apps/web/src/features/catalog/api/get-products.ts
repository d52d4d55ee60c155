import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListResponse, ProductSort } from '@lumina/shared/catalog/product';
import { apiRequest } from '../../../lib/api-client.ts';
import { PRODUCT_GC_MS, PRODUCT_STALE_MS } from '../../../lib/query-client.ts';

/** GET /api/products parameters (the API validates them; the web app only sends what it has). */
export interface ProductsQuery {
  category?: string | null;
  search?: string | null;
  sort?: ProductSort | null;
  display_status?: 'visible' | 'featured' | null;
  page?: number;
  per_page?: number;
}

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
