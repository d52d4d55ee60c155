import type { BulkLabelResultJson, LabelJson } from '@lumina/shared/fulfilment/fulfilment-json';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';
import { refreshFulfilment } from './fulfilment.ts';

/**
 * 'Gerar etiqueta': buys the order's label on Melhor Envio (or resumes a purchase that stopped
 * half-way). A refusal comes as the API's pt-BR `error`.
 */
export function useBuyLabel(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminRequest<{ label: LabelJson }>(`/admin/orders/${orderId}/label`, { method: 'POST' }),
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
