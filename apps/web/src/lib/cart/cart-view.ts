import type { CartJson } from '@lumina/shared/cart/cart-schemas';
import type { CartLine, CartView } from './cart-types.ts';

/** The server's cart (null when it could not be read) followed by the local lines. */
export function cartView(server: CartJson | null, local: CartLine[] = []): CartView {
  const items = [...(server?.items ?? []).map((item) => ({ ...item, local: false })), ...local];
  return {
    items,
    total_cents: items.reduce((sum, item) => sum + item.total_cents, 0),
    total_items: items.reduce((sum, item) => sum + item.quantity, 0),
    synced: server !== null,
    coupon: server?.coupon ?? null,
    coupon_notice: server?.coupon_notice ?? null,
    promotions: server?.promotions ?? [],
    pricing: local.length === 0 ? server?.pricing : undefined,
  };
}

export const EMPTY_CART: CartView = cartView(null);
