import type {
  AdminCustomerDetail,
  AdminCustomerListResponse,
  CustomerSort,
  SortDirection,
} from '@lumina/shared/admin/customers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';

/** The list's search, order and page as they stand in the page's URL. */
export interface AdminCustomerFilters {
  q?: string;
  sort?: CustomerSort;
  direction?: SortDirection;
  page?: number;
}

export const adminCustomerKeys = {
  all: ['admin', 'customers'] as const,
  list: (filters: AdminCustomerFilters) => ['admin', 'customers', 'list', filters] as const,
  detail: (id: number) => ['admin', 'customers', 'detail', id] as const,
};

/** Purchases change a customer's sums under the panel: read again after a minute. */
const CUSTOMERS_STALE_MS = 60_000;

export function adminCustomersQueryOptions(filters: AdminCustomerFilters) {
  return queryOptions({
    queryKey: adminCustomerKeys.list(filters),
    queryFn: ({ signal }) =>
      adminRequest<AdminCustomerListResponse>('/admin/customers', {
        query: { ...filters },
        signal,
      }),
    staleTime: CUSTOMERS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useAdminCustomers(filters: AdminCustomerFilters) {
  return useQuery(adminCustomersQueryOptions(filters));
}

export function useAdminCustomer(id: number) {
  return useQuery({
    queryKey: adminCustomerKeys.detail(id),
    queryFn: ({ signal }) =>
      adminRequest<AdminCustomerDetail>(`/admin/customers/${id}`, { signal }),
    staleTime: CUSTOMERS_STALE_MS,
    enabled: id > 0,
  });
}
