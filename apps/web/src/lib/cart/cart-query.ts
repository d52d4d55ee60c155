import { queryOptions } from '@tanstack/react-query';
import type { CartJson } from '@lumina/shared/cart/cart-schemas';
import { apiRequest } from '../api-client.ts';
import { cartQueryKey } from './cart-key.ts';
import type { CartMode, CartView } from './cart-types.ts';
import { cartView } from './cart-view.ts';
import { readLocalLines } from './local-cart.ts';

/** A cart shown again after this long is read again (stock and prices move). */
export const CART_STALE_MS = 30_000;

/**
 * The server's cart plus the lines only this browser holds. A cart that cannot be read shows as
 * empty, or as the local lines (spec 000 §4), rather than as an error.
 */
async function fetchCart(mode: CartMode, signal: AbortSignal): Promise<CartView> {
  let server: CartJson | null = null;
  try {
    const path = mode === 'user' ? '/carts/current' : '/anonymous_carts';
    server = (await apiRequest<{ cart: CartJson }>(path, { signal })).cart;
  } catch (error) {
    if (signal.aborted) throw error;
  }
  return cartView(server, readLocalLines());
}

export function cartQueryOptions(mode: CartMode, userId: number | null) {
  return queryOptions({
    queryKey: cartQueryKey(mode, userId),
    queryFn: ({ signal }) => fetchCart(mode, signal),
    staleTime: CART_STALE_MS,
  });
}
