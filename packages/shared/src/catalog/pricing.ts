import type { ProductDto } from './product.ts';

/**
 * The shop's money rules as its settings hold them (StoreSettings on the server, the public
 * PublicStoreJson in the browser: both carry these fields, so either is passed as it is).
 */
export interface PriceRules {
  /** Off the price when paying by PIX, 0 to 100 with up to two decimals (0: no PIX discount). */
  pix_discount_percent: number;
  /** PAC costs nothing from this subtotal on; null: the shop offers no free shipping. */
  free_shipping_threshold_cents: number | null;
}

/** The rules of a first start (spec 000 §9: 5% off by PIX, free shipping from R$ 299,00). */
export const DEFAULT_PRICE_RULES: Readonly<PriceRules> = {
  pix_discount_percent: 5,
  free_shipping_threshold_cents: 29_900,
};

/** `percent` off an amount of cents, rounded half up to a whole cent. */
function lessPercent(cents: number, percent: number): number {
  // In hundredths of a percent, so 2,5% is exact instead of a binary fraction.
  const keptHundredths = 10_000 - Math.round(percent * 100);
  return Math.round((cents * keptHundredths) / 10_000);
}

/** The product's explicit PIX price when it has one, else its price less the PIX discount. */
export function pixPriceCents(
  product: Pick<ProductDto, 'price_cents' | 'pix_price_cents'>,
  rules: Pick<PriceRules, 'pix_discount_percent'>,
): number {
  return product.pix_price_cents ?? lessPercent(product.price_cents, rules.pix_discount_percent);
}

/** Whole percent the PIX price saves on the price (badges 'SALE x%', 'x% OFF!'); 0 if none. */
export function discountPercent(priceCents: number, pixCents: number): number {
  if (priceCents <= 0 || pixCents >= priceCents) return 0;
  return Math.round(((priceCents - pixCents) * 100) / priceCents);
}

/** Whether a subtotal ships free by PAC; never when the shop offers no free shipping. */
export function qualifiesForFreeShipping(
  subtotalCents: number,
  rules: Pick<PriceRules, 'free_shipping_threshold_cents'>,
): boolean {
  const threshold = rules.free_shipping_threshold_cents;
  return threshold !== null && subtotalCents >= threshold;
}
