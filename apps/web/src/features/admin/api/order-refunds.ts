import type {
  adminOrderRefundResponseSchema,
  RefundBody,
} from '@lumina/shared/returns/return-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminRequest } from './admin-request.ts';
import { adminOrderKeys } from './orders.ts';
import { adminReturnKeys } from './returns.ts';

export type OrderRefundAnswer = z.infer<typeof adminOrderRefundResponseSchema>;

/**
 * Gives money of an order back outside a withdrawal request (a goodwill or partial refund): POST
 * /api/admin/orders/{id}/refunds. The order (its refunds, status) and the queue are read again.
 */
export function useOrderRefund(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NonNullable<RefundBody>) =>
      adminRequest<OrderRefundAnswer>(`/admin/orders/${orderId}/refunds`, {
        method: 'POST',
        body,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(orderId) }),
        queryClient.invalidateQueries({ queryKey: [...adminOrderKeys.all, 'list'] }),
        queryClient.invalidateQueries({ queryKey: adminReturnKeys.all }),
      ]),
  });
}
