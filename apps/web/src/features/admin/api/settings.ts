import type {
  AdminSettingsAnswer,
  StoreSettingsInput,
} from '@lumina/shared/settings/store-settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from './admin-request.ts';
import { feedsKey } from './feeds.ts';

export const settingsKeys = { all: ['admin', 'settings'] as const };

/**
 * The document PUT sends: the form's fields and `auto_invoice` (whether Bling issues the NF-e
 * when an order is paid), which the page keeps beside the form.
 */
export type SettingsDocument = StoreSettingsInput & { auto_invoice?: boolean };

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => adminRequest<AdminSettingsAnswer>('/admin/settings', { signal }),
    // The form edits a copy: a background refetch must not replace what is being typed.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useStoreSettings() {
  return useQuery(settingsQueryOptions());
}

/** PUT /api/admin/settings: the whole document; the answer is the settings as saved. */
export function useSaveStoreSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SettingsDocument) =>
      adminRequest<AdminSettingsAnswer>('/admin/settings', {
        method: 'PUT',
        body: { settings },
      }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(settingsKeys.all, answer);
      // The feeds' card shows the returns policy's page and the trade name: read them again.
      await queryClient.invalidateQueries({ queryKey: feedsKey });
    },
  });
}
