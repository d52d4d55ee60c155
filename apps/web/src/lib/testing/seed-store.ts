import { publicStoreJson, type StoreSettingsInput } from '@lumina/shared/settings/store-settings';
import { createStoreSettings } from '@lumina/shared/test-support/store-settings';
import type { QueryClient } from '@tanstack/react-query';
import { storeQueryOptions } from '../store-settings.ts';

/**
 * Puts the shop's public settings in a test's query cache, as every page the server renders
 * carries them (entry-server.tsx): a shop that filled everything in, unless `overrides` empty
 * some fields.
 */
export function seedStore(client: QueryClient, overrides: Partial<StoreSettingsInput> = {}) {
  client.setQueryData(storeQueryOptions().queryKey, {
    store: publicStoreJson(createStoreSettings(overrides)),
  });
  return client;
}
