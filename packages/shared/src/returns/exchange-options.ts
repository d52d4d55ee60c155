import { pixPriceCents, type PriceRules } from '../catalog/pricing.ts';
import { type OrderPaymentMethod, paysPixPrice } from '../payments/payment-methods.ts';
import {
  type PricedProduct,
  type PricedVariant,
  variantPrices,
} from '../catalog/variant-prices.ts';

/**
 * What one unit of a variant costs now, as an order paid by `method` charges it: its PIX price
 * for PIX, its list price for a card or a boleto (apps/api orders/service.ts stores the same as
 * an order item's `unit_price_cents`).
 */
export function variantUnitPriceCents(
  product: PricedProduct,
  variant: PricedVariant,
  rules: Pick<PriceRules, 'pix_discount_percent'>,
  method: OrderPaymentMethod = 'pix',
): number {
  const prices = variantPrices(product, variant);
  return paysPixPrice(method) ? pixPriceCents(prices, rules) : prices.price_cents;
}

/** Why a variant cannot be asked for in an exchange of a line, or null when it can. */
export type ExchangeRefusal = 'not_another_variant' | 'price_differs';

/**
 * An exchange swaps a piece for another variant of the same product (another size, another
 * colour) that is for sale and costs per unit what was paid for the piece bought. A dearer or a
 * cheaper one would be a new sale or a partial refund: the shopper then withdraws and buys again.
 * One rule for the API, which refuses, and the shopper's form, which offers only what it takes.
 */
export function exchangeRefusal(
  bought: { productId: number | null; variantId: number | null; unitPriceCents: number },
  wanted: { productId: number; variantId: number; active: boolean; unitPriceCents: number },
): ExchangeRefusal | null {
  if (
    !wanted.active ||
    bought.productId === null ||
    wanted.productId !== bought.productId ||
    wanted.variantId === bought.variantId
  ) {
    return 'not_another_variant';
  }
  return wanted.unitPriceCents === bought.unitPriceCents ? null : 'price_differs';
}
