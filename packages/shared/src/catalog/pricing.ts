import type { ProductDto } from './product.ts';
import { PIX_DISCOUNT_PERCENT } from '../constants/storefront-constants.ts';

/** Free shipping (PAC) from R$ 299,00. */
export const FREE_SHIPPING_THRESHOLD_CENTS = 29_900;

/** `percent` off an amount of cents, rounded half up to a whole cent. */
function lessPercent(cents: number, percent: number): number {
  return Math.round((cents * (100 - percent)) / 100);
}

/** The product's explicit PIX price when it has one, else its price less 5%. */
export function pixPriceCents(
  product: Pick<ProductDto, 'price_cents' | 'pix_price_cents'>,
): number {
  return product.pix_price_cents ?? lessPercent(product.price_cents, PIX_DISCOUNT_PERCENT);
}

/** Whole percent the PIX price saves on the price (badges 'SALE x%', 'x% OFF!'); 0 if none. */
export function discountPercent(priceCents: number, pixCents: number): number {
  if (priceCents <= 0 || pixCents >= priceCents) return 0;
  return Math.round(((priceCents - pixCents) * 100) / priceCents);
}

export function qualifiesForFreeShipping(subtotalCents: number): boolean {
  return subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS;
}
