import type { DataExport } from '@lumina/shared/privacy/data-export';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveJsonFile } from '../../../lib/save-file.ts';
import { exportFileName, pickExportPart, type DataExportPart } from '../model/export-file.ts';

/** GET /api/users/me/export: everything the shop keeps about the person (LGPD art. 18). */
export function getDataExport(signal?: AbortSignal): Promise<DataExport> {
  return apiRequest<DataExport>('/users/me/export', { signal });
}

/**
 * Reads the export from the server at each click (kept neither in the page's cache nor in
 * storage) and saves the part asked for as a JSON file.
 */
export function useDownloadDataExport() {
  return useMutation({
    mutationFn: async (part: DataExportPart) => {
      saveJsonFile(pickExportPart(await getDataExport(), part), exportFileName(part));
    },
  });
}
