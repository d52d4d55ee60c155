/**
 * A coupon code as the shop compares it. A module of its own, free of zod and of the owner's
 * form schema, so the shopper's cart can use it without downloading them.
 */

/** Codes shoppers type and share: letters, digits, '-' and '_', compared in upper case. */
export const COUPON_CODE = /^[A-Z0-9_-]{3,30}$/;

/** A typed code as the shop compares it: trimmed, upper case. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}
