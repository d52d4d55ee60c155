import type { StorePayments } from '@lumina/shared/payments/card-instalments';
import { publicStoreJson, type StoreSettingsInput } from '@lumina/shared/settings/store-settings';
import { createStoreSettings } from '@lumina/shared/test-support/store-settings';
import type { QueryClient } from '@tanstack/react-query';
import { storeQueryOptions } from '../store-settings.ts';

/** Card (through a MercadoPago.js at a test address) and boleto on, as CARD_PAYMENTS does. */
export const CARD_AND_BOLETO: StorePayments = {
  card: {
    provider: 'mercadopago',
    public_key: 'TEST-public-key',
    sdk_url: 'https://sdk.mercadopago.test/js/v2',
  },
  boleto: true,
};

/**
 * GET /api/store's answer for a filled-in shop (5% PIX, free shipping from R$ 299,00); PIX only
 * unless `payments` says more.
 */
export function storeAnswer(overrides: Partial<StoreSettingsInput> = {}, payments?: StorePayments) {
  return { store: publicStoreJson(createStoreSettings(overrides), null, payments) };
}

/**
 * Puts the shop's public settings in `client`, as every server-rendered page carries them
 * (entry-server.tsx), so a component reads them without a request.
 */
export function seedStore(
  client: QueryClient,
  overrides: Partial<StoreSettingsInput> = {},
  payments?: StorePayments,
): QueryClient {
  client.setQueryData(storeQueryOptions().queryKey, storeAnswer(overrides, payments));
  return client;
}
