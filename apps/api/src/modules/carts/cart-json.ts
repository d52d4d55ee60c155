import type { CartItemJson, CartJson } from '@lumina/shared/cart/cart-schemas';
import { centsToReais as reais } from '@lumina/shared/format/money';
import { pixPriceCents, type PriceRules } from '@lumina/shared/catalog/pricing';
import { variationDetailsOf } from '@lumina/shared/catalog/variants';
import { linePrices } from '../catalog/line-prices.ts';
import type { CartLineRow } from './repository.ts';

/** The store settings' PIX rule (`storeSettings()` is passed as it is). */
type PixRules = Pick<PriceRules, 'pix_discount_percent'>;

/**
 * A line priced from its variant's current data and the store settings' PIX discount: nothing
 * the browser sent is used.
 */
export function toCartItemJson(line: CartLineRow, rules: PixRules): CartItemJson {
  const prices = linePrices(line);
  const totalCents = prices.price_cents * line.quantity;
  // A line of the release before variants keeps what its shopper picked; others say the variant.
  const details =
    Object.keys(line.optionValues).length > 0
      ? variationDetailsOf(line.optionValues, line.options)
      : line.variationDetails;
  return {
    id: line.id,
    product_id: line.productId,
    variant_id: line.variantId,
    option_values: line.optionValues,
    product_name: line.name,
    name: line.name,
    sku: line.sku,
    price: reais(prices.price_cents),
    price_cents: prices.price_cents,
    pix_price: reais(pixPriceCents(prices, rules)),
    quantity: line.quantity,
    variation_details: details,
    size: details.size ?? null,
    measure: details.measure ?? null,
    image: line.variantImage ?? line.images[0] ?? null,
    total: reais(totalCents),
    total_cents: totalCents,
    stock: line.stockQuantity,
    category: line.category,
    available: line.active && line.stockQuantity > 0,
  };
}

export function toCartJson(lines: CartLineRow[], rules: PixRules): CartJson {
  const items = lines.map((line) => toCartItemJson(line, rules));
  const totalCents = items.reduce((sum, item) => sum + item.total_cents, 0);
  return {
    items,
    total: reais(totalCents),
    total_price: reais(totalCents),
    total_cents: totalCents,
    total_items: items.reduce((sum, item) => sum + item.quantity, 0),
  };
}
