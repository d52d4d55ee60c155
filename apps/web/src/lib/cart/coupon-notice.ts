import { useLayoutEffect } from 'react';

/**
 * Where the server's one-time word that it dropped the coupon (`coupon_notice`) is said: beside
 * the coupon field when one is on screen (the cart, the checkout), else as a toast, so a shopper
 * who changed the cart from the header still hears it, and nobody hears it twice.
 */
let fieldsOnScreen = 0;

/**
 * A coupon field on screen says the notice itself. Counted in a layout effect: those run before
 * any passive effect of the same commit, so the cart's sync knows of a field that arrived with the
 * very answer that carries the notice, wherever the two sit in the tree.
 */
export function useCouponFieldOnScreen(): void {
  useLayoutEffect(() => {
    fieldsOnScreen += 1;
    return () => {
      fieldsOnScreen -= 1;
    };
  }, []);
}

export function couponFieldOnScreen(): boolean {
  return fieldsOnScreen > 0;
}
