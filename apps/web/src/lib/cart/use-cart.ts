import { useQuery } from '@tanstack/react-query';
import { cartQueryOptions } from './cart-query.ts';
import { useCartScope } from './cart-key.ts';
import { EMPTY_CART } from './cart-view.ts';

/** The current cart (empty until it is read); reloads whenever the authentication changes. */
export function useCart() {
  const { mode, userId } = useCartScope();
  const query = useQuery({
    ...cartQueryOptions(mode ?? 'anonymous', userId),
    enabled: mode !== null,
  });
  return { cart: query.data ?? EMPTY_CART, loading: query.isPending, mode, userId };
}
