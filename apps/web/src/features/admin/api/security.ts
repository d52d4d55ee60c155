import type {
  MonitoringRun,
  SecurityDashboard,
  securityExportJsonSchema,
} from '@lumina/shared/admin/security';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiClientHooks } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/ui-events.ts';
import {
  ADMIN_MESSAGES,
  ADMIN_SECURITY_STALE_MS,
  ADMIN_TIMEOUT_MS,
  adminRequest,
} from './admin-request.ts';

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

/** The server's own name (Content-Disposition), else the same name with today's UTC day. */
function exportName(format: SecurityExportFormat, disposition: string | null = null): string {
  const sent = /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1];
  return sent ?? `security_logs_${new Date().toISOString().slice(0, 10)}.${format}`;
}

async function sendCsvRequest(token: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'text/csv', Authorization: `Bearer ${token}` };
  const sessionId = apiClientHooks.sessionId();
  if (sessionId) headers['X-Session-ID'] = sessionId;
  // Like apiRequest, the timeout covers the wait for an answer, not the file's download.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ADMIN_TIMEOUT_MS);
  try {
    return await fetch(`/api${EXPORT_PATH}?format=csv`, { headers, signal: controller.signal });
  } catch (error) {
    if (controller.signal.aborted) throw new ApiError(ADMIN_MESSAGES.timeout, 0);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** A refusal as ApiError reads it: the server's pt-BR words, else 'HTTP {status}: {text}'. */
async function refusal(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = JSON.parse(await response.text());
  } catch {
    // A proxy's page or an empty body: the status says it.
  }
  const failure = new ApiError('', response.status, body, response.statusText);
  const message =
    failure.serverMessage ?? `HTTP ${response.status}: ${response.statusText || 'Erro'}`;
  return new ApiError(message, response.status, body, response.statusText);
}

/**
 * The CSV answer is text, which the app's client (JSON only) refuses: the same call by hand, with
 * the bearer token, the 15 s of admin calls and one token refresh on a 401, like apiRequest.
 */
async function fetchCsv(): Promise<{ blob: Blob; filename: string }> {
  const token = apiClientHooks.accessToken();
  if (!token) throw new ApiError(ADMIN_MESSAGES.notAuthenticated, 401);
  let response = await sendCsvRequest(token);
  if (response.status === 401) {
    const { code } = await refusal(response);
    const retry = await apiClientHooks.onUnauthorized({
      path: EXPORT_PATH,
      code,
      sentToken: token,
    });
    const renewed = apiClientHooks.accessToken();
    if (retry && renewed) response = await sendCsvRequest(renewed);
  }
  if (response.status === 401) {
    notify(ADMIN_MESSAGES.sessionExpired, 'error');
    throw new ApiError(ADMIN_MESSAGES.sessionExpired, 401);
  }
  if (!response.ok) throw await refusal(response);
  return {
    blob: await response.blob(),
    filename: exportName('csv', response.headers.get('content-disposition')),
  };
}

function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click's task: some browsers start reading the file only then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Saves the last 30 days of the security log (the server's default). The export needs the
 * bearer token, so it cannot be a plain link: the file is fetched, then saved from memory.
 */
export async function downloadSecurityLogs(format: SecurityExportFormat): Promise<void> {
  if (format === 'csv') {
    const { blob, filename } = await fetchCsv();
    saveFile(blob, filename);
    return;
  }
  const answer = await adminRequest<SecurityExport>(EXPORT_PATH, { query: { format: 'json' } });
  saveFile(
    new Blob([JSON.stringify(answer, null, 2)], { type: 'application/json' }),
    exportName('json'),
  );
}
