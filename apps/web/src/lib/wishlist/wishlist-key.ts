import type { WishlistItemJson } from '@lumina/shared/cart/cart-schemas';
import type { LocalWishlistItem } from './local-wishlist.ts';

/** A user's list under their id; a visitor's (this browser's) under 0. */
export const wishlistKey = (userId: number) => ['wishlist', userId] as const;

/** What the wishlist query holds: server items for a user, stored ones for a visitor. */
export type WishlistEntry = WishlistItemJson | LocalWishlistItem;
