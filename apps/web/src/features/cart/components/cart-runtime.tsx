import { lazy, Suspense, useCallback, useState } from 'react';
import { useCartSync } from '../../../lib/cart/cart-sync.ts';
import type { AddToCartResult } from '../../../lib/cart/cart-types.ts';

const AddToCartResultDialog = lazy(() =>
  import('./add-to-cart-result-dialog.tsx').then((module) => ({
    default: module.AddToCartResultDialog,
  })),
);

/**
 * The cart's side of the layout, loaded once the page needs a cart: keeps the cart in step with
 * the session, answers add requests and shows the result modal (spec 000, Product detail).
 */
export function CartRuntime() {
  const [result, setResult] = useState<AddToCartResult | null>(null);
  const [open, setOpen] = useState(false);
  useCartSync(
    useCallback((next: AddToCartResult) => {
      setResult(next);
      setOpen(true);
    }, []),
  );
  if (!result) return null;
  return (
    <Suspense fallback={null}>
      <AddToCartResultDialog result={result} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
