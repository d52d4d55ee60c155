import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOrderStatus } from '../../../lib/payment/payment-api.ts';

/** GET /api/orders/{id} for the result pages; always read fresh, the payment may just have changed. */
export function orderStatusQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: ['order-status', orderId] as const,
    queryFn: ({ signal }) => getOrderStatus(orderId, signal),
    staleTime: 0,
    retry: false,
  });
}

export function useOrderStatus(orderId: number | null) {
  return useQuery({ ...orderStatusQueryOptions(orderId ?? 0), enabled: orderId !== null });
}
