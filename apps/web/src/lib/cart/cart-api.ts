import type { CartItemJson, CartJson, VariationDetails } from '@lumina/shared/cart/cart-schemas';
import type { CartCouponJson } from '@lumina/shared/promotions/coupon-schema';
import { ApiError, apiRequest } from '../api-client.ts';
import type { CartMode } from './cart-types.ts';

/**
 * The cart calls of spec 000 §7 for both kinds of cart: the visitor's (named by the X-Session-ID
 * header the API client sends) and the logged-in user's (bearer token).
 */

interface CartAnswer {
  cart: CartJson;
}

/** `variantId` null: a line from before variants, which the server takes as the only variant. */
export async function addServerItem(
  mode: CartMode,
  productId: number,
  variantId: number | null,
  quantity: number,
  variation: VariationDetails,
): Promise<{ cart: CartJson; item: CartItemJson }> {
  const variant = variantId === null ? {} : { variant_id: variantId };
  return mode === 'user'
    ? apiRequest('/carts/items', {
        method: 'POST',
        body: { product_id: productId, ...variant, quantity, variation_details: variation },
      })
    : apiRequest('/anonymous_carts/add_item', {
        method: 'POST',
        body: { product_id: productId, ...variant, quantity, ...variation },
      });
}

/** A quantity of 0 or less removes the line (the server does the same). */
export async function updateServerItem(
  mode: CartMode,
  itemId: number,
  quantity: number,
): Promise<CartJson> {
  const answer = await (mode === 'user'
    ? apiRequest<CartAnswer>(`/carts/items/${itemId}`, { method: 'PATCH', body: { quantity } })
    : apiRequest<CartAnswer>('/anonymous_carts/update_item', {
        method: 'PATCH',
        body: { item_id: itemId, quantity },
      }));
  return answer.cart;
}

export async function removeServerItem(mode: CartMode, itemId: number): Promise<CartJson> {
  const answer = await (mode === 'user'
    ? apiRequest<CartAnswer>(`/carts/items/${itemId}`, { method: 'DELETE' })
    : apiRequest<CartAnswer>('/anonymous_carts/remove_item', {
        method: 'DELETE',
        body: { item_id: itemId },
      }));
  return answer.cart;
}

/**
 * POST /api/checkout/apply_coupon: one path for both carts, the server picks the user's by the
 * bearer token, else the visitor's by X-Session-ID.
 */
export async function applyServerCoupon(
  code: string,
): Promise<{ coupon: CartCouponJson; cart: CartJson }> {
  return apiRequest('/checkout/apply_coupon', { method: 'POST', body: { code } });
}

/** DELETE /api/checkout/coupon, chosen by the same rule. */
export async function removeServerCoupon(): Promise<CartJson> {
  return (await apiRequest<CartAnswer>('/checkout/coupon', { method: 'DELETE' })).cart;
}

/**
 * No answer, a timeout or a 5xx: the server could not do its part (a visitor's cart then falls
 * back to the local one). A 4xx is a real answer, such as a stock refusal.
 */
export function isServerUnavailable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  // Status 0 is the client's timeout; a 2xx here is an answer of the wrong shape.
  return error.status < 400 || error.status >= 500;
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}
