import type { ProductResponse } from '@lumina/shared/catalog/product';
import { DATA_QUERY_CACHE } from '@lumina/shared/constants/account-constants';
import type {
  CreateReturnBody,
  CreateReturnResponse,
  MyReturnsResponse,
} from '@lumina/shared/returns/return-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { getOrderStatus } from '../../../lib/payment/payment-api.ts';

export const accountOrderKeys = {
  list: (userId: number) => ['account', userId, 'orders'] as const,
  detail: (userId: number, orderId: number) => ['account', userId, 'orders', orderId] as const,
  returns: (userId: number) => ['account', userId, 'returns'] as const,
};

/** One of my orders with its items' ids, delivery day and refunds (GET /api/orders/{id}). */
export function myOrderQueryOptions(userId: number, orderId: number) {
  return queryOptions({
    queryKey: accountOrderKeys.detail(userId, orderId),
    queryFn: ({ signal }) => getOrderStatus(orderId, signal),
    // Its status moves behind the page's back (the shop ships, delivers, refunds).
    staleTime: 0,
    gcTime: DATA_QUERY_CACHE.gcTimeMs,
    select: (data) => data.order,
  });
}

export function useMyOrder(userId: number, orderId: number) {
  return useQuery({ ...myOrderQueryOptions(userId, orderId), enabled: userId > 0 && orderId > 0 });
}

/** My withdrawal and exchange requests, newest first (GET /api/my_returns). */
export function useMyReturns(userId: number) {
  return useQuery({
    queryKey: accountOrderKeys.returns(userId),
    queryFn: ({ signal }) => apiRequest<MyReturnsResponse>('/my_returns', { signal }),
    staleTime: 0,
    gcTime: DATA_QUERY_CACHE.gcTimeMs,
    select: (data) => data.returns,
    enabled: userId > 0,
  });
}

/**
 * A withdrawal (or the cancellation of an order not yet shipped) or an exchange. The order, its
 * list and the requests are read again: the status, the refunds and the units left all change.
 */
export function useCreateReturn(userId: number, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReturnBody) =>
      apiRequest<CreateReturnResponse>(`/orders/${orderId}/returns`, { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountOrderKeys.detail(userId, orderId) }),
        queryClient.invalidateQueries({ queryKey: accountOrderKeys.returns(userId) }),
        queryClient.invalidateQueries({ queryKey: accountOrderKeys.list(userId), exact: true }),
      ]),
  });
}

/** The variants an exchange may ask for: those of the product bought (GET /api/products/{id}). */
export function useExchangeProduct(productId: number | null) {
  return useQuery({
    queryKey: ['account', 'exchange-product', productId ?? 0],
    queryFn: ({ signal }) => apiRequest<ProductResponse>(`/products/${productId ?? 0}`, { signal }),
    enabled: productId !== null,
    staleTime: 60_000,
  });
}
