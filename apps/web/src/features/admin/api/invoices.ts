import type { InvoiceJson } from '@lumina/shared/fulfilment/fulfilment-json';
import type { InvoiceCancelBody } from '@lumina/shared/fulfilment/invoice-cancel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';
import { refreshFulfilment } from './fulfilment.ts';

/** 'Emitir NF-e': Bling issues it from the order's sales order and sends it to SEFAZ. */
export function useIssueInvoice(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminRequest<{ invoice: InvoiceJson }>(`/admin/orders/${orderId}/invoice`, {
        method: 'POST',
      }),
    onSettled: () => refreshFulfilment(queryClient),
  });
}

export function useCancelInvoice(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceCancelBody) =>
      adminRequest<{ invoice: InvoiceJson }>(`/admin/orders/${orderId}/invoice/cancel`, {
        method: 'POST',
        body,
      }),
    onSettled: () => refreshFulfilment(queryClient),
  });
}
