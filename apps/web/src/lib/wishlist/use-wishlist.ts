import type { ProductDto } from '@lumina/shared/catalog/product';
import { WISHLIST_CACHE_MS } from '@lumina/shared/constants/storefront-constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/use-auth.ts';
import { openLoginDialog } from '../ui-events.ts';
import { readLocalWishlist } from './local-wishlist.ts';
import { wishlistKey, type WishlistEntry } from './wishlist-key.ts';

/**
 * Everything that calls the API or writes a list; loaded on first use. Hearts are on the home
 * page, so this module keeps only what a visitor's first view needs.
 */
export const loadWishlistActions = () => import('./wishlist-actions.ts');

/**
 * The wishlist of whoever is browsing (spec 000 §4), one query either way: a visitor's is read
 * from this browser; a signed-in user's from the server, fresh for 60 s (spec 000 §9), after
 * the browser's list has been pushed there and cleared (wishlist-actions.ts, fetchWishlist).
 */
export function useWishlist() {
  const { status, user } = useAuth();
  const client = useQueryClient();
  /** 0: a visitor, or a stored session still being restored. */
  const userId = status === 'authenticated' && user ? user.id : 0;
  const query = useQuery<WishlistEntry[]>({
    queryKey: wishlistKey(userId),
    queryFn: userId
      ? (context) => loadWishlistActions().then((actions) => actions.fetchWishlist(context))
      : readLocalWishlist,
    staleTime: userId ? WISHLIST_CACHE_MS : Infinity,
    // Just signed in: the hearts pressed as a visitor stay pressed while the push runs.
    placeholderData: () => (userId ? client.getQueryData(wishlistKey(0)) : undefined),
  });
  return {
    status,
    userId,
    client,
    query,
    has: (productId: number) => !!query.data?.some((item) => item.product_id === productId),
  };
}

/**
 * The heart of a product. Spec 000 §2 has a visitor's heart open the login modal, and the
 * issue asks that the wishlist work for visitors too; both hold: the visitor's click opens the
 * modal and also keeps the product in this browser's list, which the login pushes to the
 * account, so the heart they pressed is still pressed once they are in. Pressed again, the
 * product comes off the list (no modal: that is an undo, not a request to sign in).
 */
export function useWishlistHeart(product: ProductDto) {
  const { status, userId, client, has } = useWishlist();
  const pressed = has(product.id);
  return {
    pressed,
    toggle: () => {
      // A session still being restored (status 'loading') needs no modal.
      if (status === 'anonymous' && !pressed) openLoginDialog('wishlist');
      void loadWishlistActions().then((actions) =>
        actions.toggleProduct(client, userId, product, pressed),
      );
    },
  };
}
