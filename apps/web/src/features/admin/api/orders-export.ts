import { ordersExportFileName, type OrdersExportQuery } from '@lumina/shared/admin/orders-export';
import { useMutation } from '@tanstack/react-query';
import type { DownloadedFile } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { adminRequest } from './admin-request.ts';

/** A year of orders takes the server longer than a page of them. */
const EXPORT_TIMEOUT_MS = 60_000;

/**
 * Saves the accountant's export of a period. The path wants the bearer token, so the file is
 * fetched (the token in a header, never in the address) and saved from memory.
 */
export async function downloadOrdersExport(query: OrdersExportQuery): Promise<void> {
  const { blob, filename } = await adminRequest<DownloadedFile>('/admin/orders/export', {
    query,
    download: true,
    timeoutMs: EXPORT_TIMEOUT_MS,
  });
  saveFile(blob, filename ?? ordersExportFileName(query));
}

export function useOrdersExport() {
  return useMutation({ mutationFn: downloadOrdersExport });
}
