import { discountPercent } from '@lumina/shared/catalog/pricing';
import type { ProductDto } from '@lumina/shared/catalog/product';

type Priced = Pick<ProductDto, 'price_cents' | 'pix_price_cents'>;

/**
 * The price a shopper sees first (spec 000, Product card): the product's own PIX price when it
 * has one, otherwise the price. The category page's price ranges compare this same number.
 */
export function displayPriceCents(product: Priced): number {
  return product.pix_price_cents ?? product.price_cents;
}

export interface CardPrices {
  /** The big number on the card. */
  mainCents: number;
  /** The price struck through beside it, only when the PIX price undercuts it. */
  originalCents: number | null;
  /** For the 'SALE x%' and 'x% OFF!' badges; 0 hides them. */
  discountPercent: number;
  /** The main price is a PIX price (labelled 'no PIX'). */
  isPixPrice: boolean;
}

export function cardPrices(product: Priced): CardPrices {
  const pix = product.pix_price_cents;
  const discounted = pix !== null && pix < product.price_cents;
  return {
    mainCents: displayPriceCents(product),
    originalCents: discounted ? product.price_cents : null,
    discountPercent: discounted ? discountPercent(product.price_cents, pix) : 0,
    isPixPrice: pix !== null,
  };
}
