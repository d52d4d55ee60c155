import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { STORAGE_KEYS } from '../storage-keys.ts';
import { notify } from '../ui-events.ts';
import { handleAddToCartRequests, publishCartCount } from './cart-events.ts';
import { addToCart, flushLocalLines } from './cart-operations.ts';
import type { AddToCartResult } from './cart-types.ts';
import { couponFieldOnScreen } from './coupon-notice.ts';
import { useCart } from './use-cart.ts';

function markAnonymousCart(has: boolean): void {
  try {
    if (has) localStorage.setItem(STORAGE_KEYS.anonymousCart, '1');
    else localStorage.removeItem(STORAGE_KEYS.anonymousCart);
  } catch {
    // Storage blocked: the cart is simply read on every visit.
  }
}

/**
 * Keeps the cart in step with the session (spec 000 §4). The cart is a query keyed by whose cart
 * it is, so a login or logout reads the right one; this adds the rest:
 * - after a login the server has already moved the visitor's cart into the user's; the lines
 *   only this browser held (server unreachable) are sent to the user's cart, then forgotten;
 * - the other session's cached cart is dropped (the visitor's was merged, the user's is private);
 * - it answers `requestAddToCart()` and reports each outcome to `onResult` (the result modal);
 * - a dropped coupon's notice is a toast on a page without the coupon field.
 */
export function useCartSync(onResult: (result: AddToCartResult) => void): void {
  const client = useQueryClient();
  const { cart, mode, userId } = useCart();
  const hasLocalToSend = cart.synced && cart.items.some((line) => line.local);

  useEffect(() => {
    if (mode !== null && hasLocalToSend) void flushLocalLines({ client, mode, userId });
  }, [client, mode, userId, hasLocalToSend, cart]);

  useEffect(() => {
    if (mode === null) return;
    client.removeQueries({ queryKey: ['cart', mode === 'user' ? 'anonymous' : 'user'] });
  }, [client, mode]);

  useEffect(() => publishCartCount(cart.total_items), [cart.total_items]);

  useEffect(() => {
    if (cart.coupon_notice && !couponFieldOnScreen()) notify(cart.coupon_notice, 'warning');
  }, [cart.coupon_notice]);

  useEffect(() => {
    // A login merges the visitor's server cart into the user's: nothing is left to read.
    if (mode === 'user') markAnonymousCart(false);
    if (mode === 'anonymous' && cart.synced) markAnonymousCart(cart.items.some((l) => !l.local));
  }, [mode, cart]);

  useEffect(() => {
    // While the stored session is being checked, requests wait: whose cart is not known yet.
    if (mode === null) return;
    return handleAddToCartRequests((request) => {
      void addToCart({ client, mode, userId }, request).then((outcome) => {
        request.onSettled?.(outcome);
        onResult({ request, outcome });
      });
    });
  }, [client, mode, userId, onResult]);
}
