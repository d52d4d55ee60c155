import { pixPriceCents, type PriceRules } from '@lumina/shared/catalog/pricing';
import type { PricedProduct } from '@lumina/shared/catalog/variant-prices';
import { variationDetailsOf } from '@lumina/shared/catalog/variants';
import type {
  CouponRule,
  PricingLine,
  PricingResult,
} from '@lumina/shared/promotions/coupon-rules';
import type { OrderPricingRules } from '../../db/schema/orders.ts';
import { linePrices } from '../catalog/line-prices.ts';
import { storeRule } from '../promotions/rule-row.ts';
import type { CheckoutLine, NewOrderItem } from './repository.ts';

/**
 * A line with its own sale or PIX price below its list price: a coupon that does not combine
 * with sales leaves it alone (the settings' PIX discount is not a sale).
 */
export function isOnSale(prices: PricedProduct): boolean {
  return (
    (prices.sale_price_cents ?? Number.POSITIVE_INFINITY) < prices.price_cents ||
    (prices.pix_price_cents !== null && prices.pix_price_cents < prices.price_cents)
  );
}

/**
 * The cart's lines as the discount engine prices them, keyed by their index: the list price and
 * the PIX price (the variant's or product's own, else the settings' PIX discount off the list).
 */
export function pricingLinesOf(lines: readonly CheckoutLine[], rules: PriceRules): PricingLine[] {
  return lines.map((line, index) => {
    const prices = linePrices(line);
    return {
      key: index,
      productId: line.productId,
      category: line.category,
      quantity: line.quantity,
      listCents: prices.price_cents,
      pixCents: pixPriceCents(prices, rules),
      onSale: isOnSale(prices),
    };
  });
}

/**
 * Each item at the price of the order's payment method with its discounts, in cents. Both the
 * list and the PIX price are kept, so another method later re-prices the order.
 */
export function orderItemsOf(
  lines: readonly CheckoutLine[],
  pricing: readonly PricingLine[],
  priced: PricingResult,
): NewOrderItem[] {
  return lines.map((line, index) => {
    const input = pricing[index]!;
    const result = priced.lines[index]!;
    const hasOptions = Object.keys(line.optionValues).length > 0;
    return {
      productId: line.productId,
      variantId: line.variantId,
      optionValues: line.optionValues,
      productName: line.name,
      sku: line.sku,
      category: line.category,
      imageUrl: line.variantImage ?? line.images[0] ?? null,
      listPriceCents: input.listCents,
      pixPriceCents: input.pixCents,
      unitPriceCents: result.unitCents,
      quantity: line.quantity,
      promotionDiscountCents: result.promotionDiscountCents,
      couponDiscountCents: result.couponDiscountCents,
      totalCents: result.totalCents,
      variationDetails: hasOptions ? variationDetailsOf(line.optionValues) : line.variationDetails,
    };
  });
}

/**
 * The rules an order keeps to be re-priced by later (orders.pricing_rules): the coupon it holds
 * a use of and the automatic promotions that discounted it; null when neither.
 */
export function keptRules(
  lines: readonly CheckoutLine[],
  pricing: readonly PricingLine[],
  coupon: CouponRule | null,
  promotions: readonly CouponRule[],
): OrderPricingRules | null {
  if (!coupon && promotions.length === 0) return null;
  return {
    coupon: coupon ? storeRule(coupon) : null,
    promotions: promotions.map(storeRule),
    onSaleVariantIds: lines
      .filter((_, index) => pricing[index]?.onSale)
      .map((line) => line.variantId),
  };
}
