import type { WishlistItemJson } from '@lumina/shared/cart/cart-schemas';
import type { CartProduct } from '../../../lib/cart/cart-types.ts';

/**
 * What the cart needs of a saved product, from the wishlist item's own fields (prices in reais
 * there, in cents here; the server charges its own prices anyway).
 */
export function toCartProduct(item: WishlistItemJson): CartProduct {
  return {
    id: item.product_id,
    name: item.name,
    sku: item.sku,
    price_cents: Math.round(item.price * 100),
    pix_price_cents: Math.round(item.pix_price * 100),
    images: item.image ? [item.image] : [],
    stock_quantity: item.stock,
  };
}
