import type { FulfilmentStatusJson } from '@lumina/shared/fulfilment/fulfilment-json';
import {
  queryOptions,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';
import { adminOrderKeys } from './orders.ts';

export const fulfilmentStatusKey = ['admin', 'fulfilment', 'status'] as const;

export function fulfilmentStatusQueryOptions() {
  return queryOptions({
    queryKey: fulfilmentStatusKey,
    queryFn: ({ signal }) => adminRequest<FulfilmentStatusJson>('/admin/fulfilment', { signal }),
    // The connection changes outside the panel (Melhor Envio's redirect) and the balance with
    // every label bought, by this panel or on Melhor Envio's site.
    staleTime: 0,
  });
}

/** GET /api/admin/fulfilment: whether labels and NF-e can be made now, and the wallet's balance. */
export function useFulfilmentStatus() {
  return useQuery(fulfilmentStatusQueryOptions());
}

/**
 * After a label or an NF-e step, right or refused (a refusal may have left the reason on the
 * label): the order, the list's badges and the balance are read again. Awaited by the
 * mutations, so their buttons stay busy until the page shows the new state.
 */
export function refreshFulfilment(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
    queryClient.invalidateQueries({ queryKey: fulfilmentStatusKey }),
  ]);
}

/**
 * 'Conectar ao Melhor Envio': the API sets the authorization cookie and answers Melhor Envio's
 * page, which must be a top-level navigation (it redirects back to the settings page).
 */
export function useConnectMelhorEnvio() {
  return useMutation({
    mutationFn: () => adminRequest<{ url: string }>('/melhorenvio/oauth/start'),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useDisconnectMelhorEnvio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<undefined>('/melhorenvio/connection', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fulfilmentStatusKey }),
  });
}
