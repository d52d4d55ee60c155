import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubcategoriesResponse } from '@lumina/shared/catalog/product';
import { apiRequest } from '../../../lib/api-client.ts';
import { PRODUCT_GC_MS, PRODUCT_STALE_MS } from '../../../lib/query-client.ts';

export function getSubcategories(
  slug: string,
  signal?: AbortSignal,
): Promise<SubcategoriesResponse> {
  return apiRequest<SubcategoriesResponse>(
    `/categories/${encodeURIComponent(slug)}/subcategories`,
    {
      signal,
    },
  );
}

export function subcategoriesQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['categories', slug, 'subcategories'],
    queryFn: ({ signal }) => getSubcategories(slug, signal),
    staleTime: PRODUCT_STALE_MS,
    gcTime: PRODUCT_GC_MS,
  });
}

/** Only a known category has subcategories; with none chosen the list is simply empty. */
export function useSubcategories(slug: string | null) {
  return useQuery({ ...subcategoriesQueryOptions(slug ?? ''), enabled: slug !== null });
}
