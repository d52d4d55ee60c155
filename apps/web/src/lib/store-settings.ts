import { shopName } from '@lumina/shared/settings/settings-rules';
import type { PublicStoreJson } from '@lumina/shared/settings/store-settings';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { PRODUCT_GC_MS, PRODUCT_STALE_MS } from './query-client.ts';

/**
 * The shop's public settings (GET /api/store): who sells, how to reach them, the PIX discount,
 * free shipping and instalments, the policies that exist. Every server-rendered page carries
 * them (entry-server.tsx), so the layout draws them without a request; a page drawn by the
 * browser alone asks once.
 */
export function getStore(signal?: AbortSignal): Promise<{ store: PublicStoreJson }> {
  return apiRequest<{ store: PublicStoreJson }>('/store', { signal });
}

export function storeQueryOptions() {
  return queryOptions({
    queryKey: ['store'],
    queryFn: ({ signal }) => getStore(signal),
    // The owner's change reaches the server's pages at once; an open tab catches up with the
    // catalogue's own freshness.
    staleTime: PRODUCT_STALE_MS,
    gcTime: PRODUCT_GC_MS,
  });
}

/**
 * The shop's public settings, or undefined until they arrive. A field the owner has not filled
 * is empty: callers leave it out rather than show a placeholder.
 */
export function useStore(): PublicStoreJson | undefined {
  return useQuery(storeQueryOptions()).data?.store;
}

/**
 * The public settings a query client holds, for code outside components (the cart's and the
 * wishlist's actions); undefined until they arrive.
 */
export function storeOf(client: QueryClient): PublicStoreJson | undefined {
  return client.getQueryData(storeQueryOptions().queryKey)?.store;
}

/**
 * A wa.me link that opens a chat with the shop, optionally with a prepared message; undefined
 * when the shop has no WhatsApp (or its settings have not arrived): callers then show no button.
 */
export function whatsappChatUrl(
  store: PublicStoreJson | undefined,
  text?: string,
): string | undefined {
  const base = store?.whatsapp_url;
  if (!base) return undefined;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/**
 * The shop's name for a sentence ('sua conta na <name>'): the trade name, else the legal one;
 * '' until the settings arrive or when the owner filled in neither, so callers phrase around it.
 */
export function useShopName(): string {
  const store = useStore();
  return store ? shopName(store) : '';
}

/**
 * Who takes requests about personal data: the data protection officer the owner named (LGPD
 * art. 41) and their e-mail, else the SAC's; '' for what is not known. A small business may name
 * no officer (ANPD Resolução 2/2022, art. 11) but still keeps a channel: the SAC is it.
 */
export function dataRequestContact(store: PublicStoreJson | undefined): {
  officer: string;
  email: string;
} {
  return { officer: store?.dpo_name ?? '', email: store?.dpo_email || store?.sac_email || '' };
}
