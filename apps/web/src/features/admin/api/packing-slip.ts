import type { PackingSlipLayout } from '@lumina/shared/fulfilment/fulfilment-json';
import { useMutation } from '@tanstack/react-query';
import type { DownloadedFile } from '../../../lib/api-client.ts';
import { adminRequest } from './admin-request.ts';

/**
 * The order's printable packing slip. The route wants the bearer token, so the page cannot be a
 * plain link: it is fetched here and shown from memory as an HTML page.
 */
export async function fetchPackingSlip(orderId: number, layout: PackingSlipLayout): Promise<Blob> {
  const file = await adminRequest<DownloadedFile>(`/admin/orders/${orderId}/packing_slip`, {
    query: { layout },
    download: true,
  });
  // Read as text and wrapped again: whatever type the answer said, the tab must render HTML.
  return new Blob([await file.blob.text()], { type: 'text/html;charset=utf-8' });
}

export function usePackingSlip(orderId: number) {
  return useMutation({
    mutationFn: (layout: PackingSlipLayout) => fetchPackingSlip(orderId, layout),
  });
}
