/**
 * The prices a variant sells at. Apart from variants.ts so that a product card (on the home page
 * and every listing) carries only this rule.
 */

/** What a product is priced from, in the shape both the API and the web app hold. */
export interface PricedProduct {
  price_cents: number;
  sale_price_cents: number | null;
  pix_price_cents: number | null;
}

export interface PricedVariant {
  price_cents: number | null;
  sale_price_cents: number | null;
  pix_price_cents: number | null;
}

/**
 * The prices a variant sells at: its own where it has them, else the product's. A variant with
 * its own price does not inherit the product's explicit PIX or sale price, which were set
 * against another price; the store settings' PIX discount then applies to its own.
 */
export function variantPrices(product: PricedProduct, variant: PricedVariant): PricedProduct {
  if (variant.price_cents === null) {
    return {
      price_cents: product.price_cents,
      sale_price_cents: variant.sale_price_cents ?? product.sale_price_cents,
      pix_price_cents: variant.pix_price_cents ?? product.pix_price_cents,
    };
  }
  return {
    price_cents: variant.price_cents,
    sale_price_cents: variant.sale_price_cents,
    pix_price_cents: variant.pix_price_cents,
  };
}
