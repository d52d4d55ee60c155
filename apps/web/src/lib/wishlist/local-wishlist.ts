import { STORAGE_KEYS } from '../storage-keys.ts';

/**
 * A visitor's wishlist entry, kept in the browser (spec 000 §3: id, product_id, added_at and
 * locally also name, price, image, sku). `price` is in reais, as in the server's items.
 */
export interface LocalWishlistItem {
  id: number;
  product_id: number;
  added_at: string;
  name: string;
  price: number;
  image: string | null;
  sku: string;
}

export const LOCAL_WISHLIST_KEY = STORAGE_KEYS.localWishlist;

/**
 * The visitor's stored list; nothing (blocked storage, damaged text) reads as empty. Only the
 * read is here, on every page with a heart; writes are in wishlist-actions.ts.
 */
export function readLocalWishlist(): LocalWishlistItem[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LOCAL_WISHLIST_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as LocalWishlistItem[]) : [];
  } catch {
    return [];
  }
}
