import type { BlingStatus, BlingTestWebhookAnswer } from '@lumina/shared/admin/bling';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';

/** A sync runs as a job on the server: its status is read again every 2 s until it ends. */
export const BLING_POLL_MS = 2_000;
/** Spec 001 §7: the list and the figures are read again 2 s after a sync is accepted. */
export const BLING_REFRESH_DELAY_MS = 2_000;

export const blingStatusKey = ['admin', 'bling', 'status'] as const;

export type BlingSyncKind = 'full' | 'pending';

const SYNC_PATHS: Record<BlingSyncKind, string> = {
  full: '/products/sync_full_with_bling',
  pending: '/products/sync_with_bling',
};

export function blingStatusQueryOptions() {
  return queryOptions({
    queryKey: blingStatusKey,
    queryFn: ({ signal }) => adminRequest<BlingStatus>('/bling/status', { signal }),
    // The connection changes outside the panel (Bling's redirect, the scheduled sync).
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.sync_running ? BLING_POLL_MS : false),
  });
}

export function useBlingStatus() {
  return useQuery(blingStatusQueryOptions());
}

/**
 * 'Conectar ao Bling': the API sets the authorization cookie and answers Bling's page, which
 * must be a top-level navigation (Bling later redirects back to /admin/produtos?bling=...).
 */
export function useConnectBling() {
  return useMutation({
    mutationFn: () => adminRequest<{ url: string }>('/bling/oauth/start'),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useDisconnectBling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<{ message: string }>('/bling/connection', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blingStatusKey }),
  });
}

/**
 * Starts a sync (202: the job runs on the server). The status is read at once, so the panel
 * shows it running; products and figures 2 s later, when the first changes have landed.
 */
export function useBlingSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: BlingSyncKind) =>
      adminRequest<{ message: string }>(SYNC_PATHS[kind], { method: 'POST' }),
    onSuccess: () => {
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: ['admin'] });
      }, BLING_REFRESH_DELAY_MS);
      return queryClient.invalidateQueries({ queryKey: blingStatusKey });
    },
  });
}

/** Sends a test event through the webhook; works without a connection. */
export function useTestBlingWebhook() {
  return useMutation({
    mutationFn: () =>
      adminRequest<BlingTestWebhookAnswer>('/bling/test_webhook', { method: 'POST' }),
  });
}
