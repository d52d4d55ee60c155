import { lazy, Suspense } from 'react';
import { useCartWanted } from '../../lib/cart/cart-activation.ts';

const CartRuntime = lazy(() =>
  import('../routes/cart.tsx').then((module) => ({
    default: module.CartRuntime,
  })),
);

/** Loads the cart's code when the page needs a cart (see useCartWanted). */
export function CartHost() {
  return useCartWanted() ? (
    <Suspense fallback={null}>
      <CartRuntime />
    </Suspense>
  ) : null;
}
