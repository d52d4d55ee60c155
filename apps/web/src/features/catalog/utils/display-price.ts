import { discountPercent } from '@lumina/shared/catalog/pricing';
import type { ProductDto } from '@lumina/shared/catalog/product';
import { variantPrices } from '@lumina/shared/catalog/variant-prices';

type Priced = Pick<ProductDto, 'price_cents' | 'pix_price_cents'>;

/**
 * The price a shopper sees first (spec 000, Product card): the product's own PIX price when it
 * has one, otherwise the price; for a product sold in variants, the card shows the cheapest
 * variant's (cardPrices), which the category page's price ranges and orders compare.
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
  /** Its variants sell at different prices: the card shows the lowest, 'a partir de'. */
  fromPrice: boolean;
}

type CardProduct = Priced & Partial<Pick<ProductDto, 'sale_price_cents' | 'variants'>>;

/**
 * The card's prices: the product's, or, when its active variants sell at different prices, the
 * cheapest one's, so the card never shows a price no variant is sold at.
 */
export function cardPrices(product: CardProduct): CardPrices {
  const base = { ...product, sale_price_cents: product.sale_price_cents ?? null };
  const offered = (product.variants ?? [])
    .filter((variant) => variant.active)
    .map((variant) => variantPrices(base, variant));
  const shown = offered.reduce<Priced>(
    (cheapest, candidate) =>
      displayPriceCents(candidate) < displayPriceCents(cheapest) ? candidate : cheapest,
    offered[0] ?? product,
  );
  const pix = shown.pix_price_cents;
  const discounted = pix !== null && pix < shown.price_cents;
  return {
    mainCents: displayPriceCents(shown),
    originalCents: discounted ? shown.price_cents : null,
    discountPercent: discounted ? discountPercent(shown.price_cents, pix) : 0,
    isPixPrice: pix !== null,
    fromPrice: new Set(offered.map(displayPriceCents)).size > 1,
  };
}
