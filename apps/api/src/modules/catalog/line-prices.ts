import { type PricedProduct, variantPrices } from '@lumina/shared/catalog/variant-prices';
import { products, productVariants } from '../../db/schema/products.ts';

/** What a cart or order line reads of its product's and its variant's prices, in cents. */
export interface LinePriceRow {
  priceCents: number;
  pixPriceCents: number | null;
  salePriceCents: number | null;
  variantPriceCents: number | null;
  variantPixPriceCents: number | null;
  variantSalePriceCents: number | null;
}

/** Those columns, for a select that joins a line's variant and product. */
export const linePriceColumns = {
  priceCents: products.priceCents,
  pixPriceCents: products.pixPriceCents,
  salePriceCents: products.salePriceCents,
  variantPriceCents: productVariants.priceCents,
  variantPixPriceCents: productVariants.pixPriceCents,
  variantSalePriceCents: productVariants.salePriceCents,
};

/** A line's prices in cents: its variant's own where it has them, else its product's. */
export function linePrices(line: LinePriceRow): PricedProduct {
  return variantPrices(
    {
      price_cents: line.priceCents,
      sale_price_cents: line.salePriceCents,
      pix_price_cents: line.pixPriceCents,
    },
    {
      price_cents: line.variantPriceCents,
      sale_price_cents: line.variantSalePriceCents,
      pix_price_cents: line.variantPixPriceCents,
    },
  );
}
