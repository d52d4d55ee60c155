import type {
  MonitoringRun,
  SecurityDashboard,
  securityExportJsonSchema,
} from '@lumina/shared/admin/security';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DownloadedFile } from '../../../lib/api-client.ts';
import { fileDate, saveFile, saveJsonFile } from '../../../lib/save-file.ts';
import { ADMIN_SECURITY_STALE_MS, adminRequest } from './admin-request.ts';

export type SecurityExportFormat = 'csv' | 'json';
type SecurityExport = z.infer<typeof securityExportJsonSchema>;

export const securityDashboardKey = ['admin', 'security', 'dashboard'] as const;

const EXPORT_PATH = '/security/export_logs';

export function securityDashboardQueryOptions() {
  return queryOptions({
    queryKey: securityDashboardKey,
    queryFn: ({ signal }) => adminRequest<SecurityDashboard>('/admin/security', { signal }),
    staleTime: ADMIN_SECURITY_STALE_MS,
  });
}

export function useSecurityDashboard() {
  return useQuery(securityDashboardQueryOptions());
}

/** Runs the monitoring rules now; the dashboard is read again to show what they raised. */
export function useRunMonitoring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminRequest<MonitoringRun>('/security/trigger_monitoring', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityDashboardKey }),
  });
}

/** Today's name, when the server gave none. */
const defaultName = (format: SecurityExportFormat) => `security_logs_${fileDate()}.${format}`;

/**
 * Saves the last 30 days of the security log (the server's default). The export needs the
 * bearer token, so it cannot be a plain link: the file is fetched, then saved from memory.
 */
export async function downloadSecurityLogs(format: SecurityExportFormat): Promise<void> {
  if (format === 'csv') {
    // The admin client with the file as the answer: the same timeout, retries and 401 handling.
    const { blob, filename } = await adminRequest<DownloadedFile>(EXPORT_PATH, {
      query: { format: 'csv' },
      download: true,
    });
    saveFile(blob, filename ?? defaultName('csv'));
    return;
  }
  const answer = await adminRequest<SecurityExport>(EXPORT_PATH, { query: { format: 'json' } });
  saveJsonFile(answer, defaultName('json'));
}
