import type {
  BulkLabelResultJson,
  LabelJson,
  LabelOptionsJson,
} from '@lumina/shared/fulfilment/fulfilment-json';
import type { BuyLabelBody } from '@lumina/shared/fulfilment/fulfilment-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';
import { refreshFulfilment } from './fulfilment.ts';

const labelOptionsKey = (orderId: number) => ['admin', 'labels', 'options', orderId] as const;

/**
 * GET /api/admin/orders/{id}/label/options: the services that keep the deadline the shopper was
 * promised, as Melhor Envio quotes them now. Asked only while `enabled` (the owner opened the
 * choice): each call is a quote at Melhor Envio.
 */
export function useLabelOptions(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: labelOptionsKey(orderId),
    queryFn: ({ signal }) =>
      adminRequest<LabelOptionsJson>(`/admin/orders/${orderId}/label/options`, { signal }),
    enabled,
    // Quotes move: a choice opened again asks again.
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
  });
}

/**
 * 'Gerar etiqueta': buys the order's label on Melhor Envio (or resumes a purchase that stopped
 * half-way), with the service the owner chose (none: the shopper's). A refusal comes as the
 * API's pt-BR `error`.
 */
export function useBuyLabel(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serviceId?: number) =>
      adminRequest<{ label: LabelJson }>(`/admin/orders/${orderId}/label`, {
        method: 'POST',
        body:
          serviceId === undefined ? undefined : ({ service_id: serviceId } satisfies BuyLabelBody),
      }),
    // A refused choice (late now, or no longer quoted) shows the list as it is now. A bought
    // label leaves the quotes alone: the choice goes away with the order's refresh, and asking
    // again before that would only meet the API's 409 (the order has its label now).
    onError: () => queryClient.invalidateQueries({ queryKey: labelOptionsKey(orderId) }),
    onSettled: () => refreshFulfilment(queryClient),
  });
}

export function useCancelLabel(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminRequest<{ label: LabelJson }>(`/admin/orders/${orderId}/label/cancel`, {
        method: 'POST',
      }),
    onSettled: () => refreshFulfilment(queryClient),
  });
}

/** 'Gerar etiquetas' on the list: one answer per order, bought or with its reason. */
export function useBuyLabels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderIds: readonly number[]) =>
      adminRequest<{ results: BulkLabelResultJson[] }>('/admin/labels', {
        method: 'POST',
        body: { order_ids: orderIds },
      }),
    onSettled: () => refreshFulfilment(queryClient),
  });
}

/** One PDF with the labels of these orders, at an address the browser opens. */
export function usePrintLabels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderIds: readonly number[]) =>
      adminRequest<{ url: string }>('/admin/labels/print', {
        method: 'POST',
        body: { order_ids: orderIds },
      }),
    onSettled: () => refreshFulfilment(queryClient),
  });
}
