import type {
  AdminOrderAction,
  AdminOrderActionResponse,
  AdminOrderDetail,
  AdminOrderListResponse,
} from '@lumina/shared/admin/admin-orders';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';

/** The list's filters as they stand in the page's URL (all optional; page from 1). */
export interface AdminOrderFilters {
  status?: string;
  payment_status?: string;
  from?: string;
  to?: string;
  q?: string;
  page?: number;
}

export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  list: (filters: AdminOrderFilters) => ['admin', 'orders', 'list', filters] as const,
  detail: (id: number) => ['admin', 'orders', 'detail', id] as const,
};

/** Orders change under the panel (new purchases, payments): read again after a minute. */
const ORDERS_STALE_MS = 60_000;

export function adminOrdersQueryOptions(filters: AdminOrderFilters) {
  return queryOptions({
    queryKey: adminOrderKeys.list(filters),
    queryFn: ({ signal }) =>
      adminRequest<AdminOrderListResponse>('/admin/orders', {
        query: { ...filters },
        signal,
      }),
    staleTime: ORDERS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrders(filters: AdminOrderFilters) {
  return useQuery(adminOrdersQueryOptions(filters));
}

export function adminOrderQueryOptions(id: number) {
  return queryOptions({
    queryKey: adminOrderKeys.detail(id),
    queryFn: ({ signal }) => adminRequest<AdminOrderDetail>(`/admin/orders/${id}`, { signal }),
    staleTime: ORDERS_STALE_MS,
  });
}

export function useAdminOrder(id: number) {
  return useQuery({ ...adminOrderQueryOptions(id), enabled: id > 0 });
}

export interface OrderActionInput {
  action: AdminOrderAction;
  body?: { tracking_code?: string; reason?: string };
}

/** One of the four actions; the answer is the order as it is now, put straight in the cache. */
export function useOrderAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: OrderActionInput) =>
      adminRequest<AdminOrderActionResponse>(`/admin/orders/${id}/${action}`, {
        method: 'POST',
        body: body ?? {},
      }),
    onSuccess: (answer) => {
      const { changed: _changed, message: _message, ...detail } = answer;
      queryClient.setQueryData(adminOrderKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: [...adminOrderKeys.all, 'list'] });
    },
  });
}
