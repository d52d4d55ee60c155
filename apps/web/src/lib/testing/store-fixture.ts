import { publicStoreJson, type StoreSettingsInput } from '@lumina/shared/settings/store-settings';
import { createStoreSettings } from '@lumina/shared/test-support/store-settings';
import type { QueryClient } from '@tanstack/react-query';
import { storeQueryOptions } from '../store-settings.ts';

/** GET /api/store's answer for a filled-in shop (5% PIX, free shipping from R$ 299,00). */
export function storeAnswer(overrides: Partial<StoreSettingsInput> = {}) {
  return { store: publicStoreJson(createStoreSettings(overrides)) };
}

/**
 * Puts the shop's public settings in `client`, as every server-rendered page carries them
 * (entry-server.tsx), so a component reads them without a request.
 */
export function seedStore(
  client: QueryClient,
  overrides: Partial<StoreSettingsInput> = {},
): QueryClient {
  client.setQueryData(storeQueryOptions().queryKey, storeAnswer(overrides));
  return client;
}
