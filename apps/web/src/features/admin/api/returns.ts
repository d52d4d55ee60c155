import type {
  AdminReturnActionResponse,
  AdminReturnJson,
  AdminReturnListResponse,
  RefundBody,
  ReturnInstructionsBody,
} from '@lumina/shared/returns/return-schemas';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';
import { adminOrderKeys } from './orders.ts';

/** The queue's filters as they stand in the page's URL. */
export interface AdminReturnFilters {
  status?: string;
  type?: string;
  open?: 'true';
  page?: number;
}

export const adminReturnKeys = {
  all: ['admin', 'returns'] as const,
  list: (filters: AdminReturnFilters) => ['admin', 'returns', 'list', filters] as const,
  detail: (id: number) => ['admin', 'returns', 'detail', id] as const,
};

/** Deadlines are counted in days; new requests arrive now and then. */
const RETURNS_STALE_MS = 60_000;
export const RETURNS_PER_PAGE = 20;

export function adminReturnsQueryOptions(filters: AdminReturnFilters) {
  return queryOptions({
    queryKey: adminReturnKeys.list(filters),
    queryFn: ({ signal }) =>
      adminRequest<AdminReturnListResponse>('/admin/returns', {
        query: { ...filters, per_page: RETURNS_PER_PAGE },
        signal,
      }),
    staleTime: RETURNS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** Withdrawals and exchanges: open ones first, by the day the shop must answer. */
export function useAdminReturns(filters: AdminReturnFilters) {
  return useQuery(adminReturnsQueryOptions(filters));
}

export function useAdminReturn(id: number) {
  return useQuery({
    queryKey: adminReturnKeys.detail(id),
    queryFn: ({ signal }) => adminRequest<AdminReturnJson>(`/admin/returns/${id}`, { signal }),
    staleTime: RETURNS_STALE_MS,
    enabled: id > 0,
  });
}

export type ReturnActionInput =
  | { action: 'instructions'; body: ReturnInstructionsBody }
  | { action: 'receive'; body: { items: { return_item_id: number; resellable: boolean }[] } }
  | { action: 'refund'; body: NonNullable<RefundBody> }
  | { action: 'reject'; body: { reason: string } }
  | { action: 'ship_exchange'; body: { tracking_code: string } };

/**
 * One step of a request; its answer is the request as it is now, put in the cache. The queue and
 * the order (its status, stock and refunds) are read again.
 */
export function useReturnAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: ReturnActionInput) =>
      adminRequest<AdminReturnActionResponse>(`/admin/returns/${id}/${action}`, {
        method: 'POST',
        body,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminReturnKeys.detail(id), answer.return);
      void queryClient.invalidateQueries({ queryKey: [...adminReturnKeys.all, 'list'] });
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
    },
  });
}
