import type { CartItemJson, CartJson } from '@lumina/shared/cart/cart-schemas';
import { centsToReais as reais } from '@lumina/shared/format/money';
import { rowPixPriceCents } from '../catalog/product-dto.ts';
import type { CartLineRow } from './repository.ts';

/** A line priced from its product's current data: nothing the browser sent is used. */
export function toCartItemJson(line: CartLineRow): CartItemJson {
  const totalCents = line.priceCents * line.quantity;
  return {
    id: line.id,
    product_id: line.productId,
    product_name: line.name,
    name: line.name,
    sku: line.sku,
    price: reais(line.priceCents),
    price_cents: line.priceCents,
    pix_price: reais(rowPixPriceCents(line)),
    quantity: line.quantity,
    variation_details: line.variationDetails,
    size: line.variationDetails.size ?? null,
    measure: line.variationDetails.measure ?? null,
    image: line.images[0] ?? null,
    total: reais(totalCents),
    total_cents: totalCents,
    stock: line.stockQuantity,
    category: line.category,
    available: line.active && line.stockQuantity > 0,
  };
}

export function toCartJson(lines: CartLineRow[]): CartJson {
  const items = lines.map(toCartItemJson);
  const totalCents = items.reduce((sum, item) => sum + item.total_cents, 0);
  return {
    items,
    total: reais(totalCents),
    total_price: reais(totalCents),
    total_cents: totalCents,
    total_items: items.reduce((sum, item) => sum + item.quantity, 0),
  };
}
