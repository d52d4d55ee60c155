import { useMutation } from '@tanstack/react-query';
import { apiRequest, type DownloadedFile } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { exportFileName } from '../model/export-file.ts';

/**
 * GET /api/privacy_requests/{id}/export: the file the shop answered an access or export request
 * with (kept 30 days), saved under the server's name.
 */
export async function downloadRequestExport(id: number): Promise<void> {
  const { blob, filename } = await apiRequest<DownloadedFile>(`/privacy_requests/${id}/export`, {
    download: true,
  });
  saveFile(blob, filename ?? exportFileName('complete'));
}

export function useDownloadRequestExport() {
  return useMutation({ mutationFn: downloadRequestExport });
}
