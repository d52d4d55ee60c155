import type {
  AdminProductFilter,
  AdminProductListResponse,
  AdminProductSort,
} from '@lumina/shared/admin/admin-products';
import type { AdminStats } from '@lumina/shared/admin/admin-stats';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';

/** Spec 001 §9: the admin client keeps products 5 min and stats 2 min. */
export const ADMIN_PRODUCTS_STALE_MS = 5 * 60_000;
export const ADMIN_STATS_STALE_MS = 2 * 60_000;

export interface AdminProductParams {
  filter?: AdminProductFilter;
  sort?: AdminProductSort;
  direction?: 'asc' | 'desc';
  q?: string;
  page?: number;
}

export function adminStatsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'stats'] as const,
    queryFn: ({ signal }) => adminRequest<AdminStats>('/admin/stats', { signal }),
    staleTime: ADMIN_STATS_STALE_MS,
  });
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}

export function adminProductsQueryOptions(params: AdminProductParams) {
  return queryOptions({
    queryKey: ['admin', 'products', params] as const,
    queryFn: ({ signal }) =>
      adminRequest<AdminProductListResponse>('/admin/products', { query: { ...params }, signal }),
    staleTime: ADMIN_PRODUCTS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useAdminProducts(params: AdminProductParams) {
  return useQuery(adminProductsQueryOptions(params));
}
