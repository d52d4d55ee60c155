import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductListResponse, ProductResponse } from '@lumina/shared/catalog/product';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { PRODUCT_GC_MS, PRODUCT_STALE_MS } from '../../../lib/query-client.ts';

export function getProduct(id: number, signal?: AbortSignal): Promise<ProductResponse> {
  return apiRequest<ProductResponse>(`/products/${id}`, { signal });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function productQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['products', 'detail', id],
    // null: the server rendered this product's page as not found (entry-server.tsx).
    queryFn: ({ signal }): Promise<ProductResponse | null> => getProduct(id, signal),
    staleTime: PRODUCT_STALE_MS,
    gcTime: PRODUCT_GC_MS,
    // A missing product stays missing: asking again only delays the 'Produto não encontrado' page.
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
  });
}

/** `id` is null when the address holds no valid id: nothing is fetched and the page shows 404. */
export function useProduct(id: number | null) {
  const client = useQueryClient();
  return useQuery({
    ...productQueryOptions(id ?? 0),
    enabled: id !== null,
    // Coming from a list, the card's product is already here: show it while the page's own
    // request runs instead of a skeleton.
    placeholderData: () => {
      for (const [, list] of client.getQueriesData<ProductListResponse>({
        queryKey: ['products', 'list'],
      })) {
        const product = list?.products.find((p) => p.id === id);
        if (product) return { product };
      }
      return undefined;
    },
  });
}
