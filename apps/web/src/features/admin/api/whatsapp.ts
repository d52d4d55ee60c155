import type {
  WhatsappSettingsBody,
  WhatsappStatusJson,
} from '@lumina/shared/whatsapp/order-updates';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';

export const whatsappKey = ['admin', 'whatsapp'] as const;

export function whatsappQueryOptions() {
  return queryOptions({
    queryKey: whatsappKey,
    queryFn: ({ signal }) => adminRequest<WhatsappStatusJson>('/admin/whatsapp', { signal }),
  });
}

/** GET /api/admin/whatsapp: whether the order updates go by WhatsApp, and their templates. */
export function useWhatsAppStatus() {
  return useQuery(whatsappQueryOptions());
}

/** PUT /api/admin/whatsapp: the number's id and, to set or replace it, the token. */
export function useSaveWhatsApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (whatsapp: WhatsappSettingsBody['whatsapp']) =>
      adminRequest<WhatsappStatusJson>('/admin/whatsapp', { method: 'PUT', body: { whatsapp } }),
    onSuccess: (answer) => queryClient.setQueryData(whatsappKey, answer),
  });
}

/** DELETE /api/admin/whatsapp: the order updates by WhatsApp off. */
export function useRemoveWhatsApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<WhatsappStatusJson>('/admin/whatsapp', { method: 'DELETE' }),
    onSuccess: (answer) => queryClient.setQueryData(whatsappKey, answer),
  });
}
