import type { CartItemJson, CartJson } from '@lumina/shared/cart/cart-schemas';
import { centsToReais as reais } from '@lumina/shared/format/money';
import { pixPriceCents, type PriceRules } from '@lumina/shared/catalog/pricing';
import { variationDetailsOf } from '@lumina/shared/catalog/variants';
import { linePrices } from '../catalog/line-prices.ts';
import { toCartCouponJson, toCartPriceJson, toPromotionJson } from '../promotions/coupon-json.ts';
import type { CartPricing } from './cart-pricing.ts';
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

/**
 * The cart answer. The items and totals stay at list prices, as before discounts existed;
 * `pricing` says what each basis costs with the promotions and the coupon, `coupon` the coupon
 * priced (null when the cart has none), `coupon_notice` why it was just removed.
 */
export function toCartJson(
  lines: CartLineRow[],
  rules: PixRules,
  discounts: { priced: CartPricing; couponNotice: string | null },
): CartJson {
  const items = lines.map((line) => toCartItemJson(line, rules));
  const totalCents = items.reduce((sum, item) => sum + item.total_cents, 0);
  const { priced } = discounts;
  const coupon = priced.list.coupon?.rule ?? null;
  // What discounts some item by either basis, each promotion once.
  const promotions = new Map(
    [...priced.pix.promotions, ...priced.list.promotions].map((rule) => [rule.id, rule]),
  );
  return {
    items,
    total: reais(totalCents),
    total_price: reais(totalCents),
    total_cents: totalCents,
    total_items: items.reduce((sum, item) => sum + item.quantity, 0),
    coupon: coupon ? toCartCouponJson(coupon, priced) : null,
    coupon_notice: discounts.couponNotice,
    promotions: [...promotions.values()].map(toPromotionJson),
    pricing: { pix: toCartPriceJson(priced.pix), list: toCartPriceJson(priced.list) },
  };
}
