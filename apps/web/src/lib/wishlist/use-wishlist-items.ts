import type { WishlistItemJson } from '@lumina/shared/cart/cart-schemas';
import { loadWishlistActions, useWishlist } from './use-wishlist.ts';

/** The signed-in user's list for the account tab, newest first, with removal. */
export function useWishlistItems() {
  const { userId, client, query } = useWishlist();
  // Placeholder data is the browser's list on its way to the server, not yet the account's.
  const loaded = userId > 0 && query.isSuccess && !query.isPlaceholderData;
  return {
    // A signed-in user's query holds server items (WishlistEntry is the visitor/user union).
    items: loaded ? (query.data as WishlistItemJson[]) : [],
    isPending: !loaded && !query.isError,
    isError: query.isError,
    refetch: () => void query.refetch(),
    remove: (productId: number) =>
      loadWishlistActions().then((actions) => actions.removeProduct(client, userId, productId)),
  };
}
