import type { CartCouponJson } from '@lumina/shared/promotions/coupon-schema';
import { ApiError } from '../api-client.ts';
import { applyServerCoupon, isServerUnavailable, removeServerCoupon } from './cart-api.ts';
import { showCart, type CartScope } from './cart-operations.ts';
import { COUPON_TEXTS } from './coupon-texts.ts';

export type CouponOutcome =
  | { kind: 'applied'; coupon: CartCouponJson }
  /** The server's reason (a 422's `fields.code`), or that it could not be reached. */
  | { kind: 'refused'; message: string };

/** A refusal says why under the field; an unreachable server gets the generic sentence. */
function reasonOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || isServerUnavailable(error)) return fallback;
  return error.fields.code?.[0] ?? error.message;
}

/**
 * Applies a code to whichever cart the scope names; the server answers the cart priced on it,
 * which goes on screen at once (the same cache entry every cart view reads).
 */
export async function applyCoupon(scope: CartScope, code: string): Promise<CouponOutcome> {
  try {
    const { coupon, cart } = await applyServerCoupon(code);
    await showCart(scope, cart);
    return { kind: 'applied', coupon };
  } catch (error) {
    return { kind: 'refused', message: reasonOf(error, COUPON_TEXTS.applyFailed) };
  }
}

/** Takes the cart's coupon off; null when it went, else what to tell the shopper. */
export async function removeCoupon(scope: CartScope): Promise<string | null> {
  try {
    await showCart(scope, await removeServerCoupon());
    return null;
  } catch (error) {
    return reasonOf(error, COUPON_TEXTS.removeFailed);
  }
}
