import type { ProductDto } from '@lumina/shared/catalog/product';

type Priced = Pick<ProductDto, 'price_cents' | 'pix_price_cents'>;

/**
 * The price a shopper sees first (spec 000, Product card): the PIX price when the product has one,
 * otherwise the price. The category page's price ranges compare this same number.
 */
export function displayPriceCents(product: Priced): number {
  return product.pix_price_cents ?? product.price_cents;
}

/** True when the product's own PIX price undercuts its price: the card shows badges and a strike. */
export function hasPixDiscount(product: Priced): boolean {
  return product.pix_price_cents !== null && product.pix_price_cents < product.price_cents;
}
