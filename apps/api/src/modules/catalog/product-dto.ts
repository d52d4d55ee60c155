import type { CategorySlug } from '@lumina/shared/catalog/categories';
import type { ProductDto } from '@lumina/shared/catalog/product';
import { pixPriceCents } from '@lumina/shared/catalog/pricing';
import { centsToReais as reais } from '@lumina/shared/format/money';
import type { ProductRow } from '../../db/schema/products.ts';

/** The columns a response needs (the search helpers stay in the database). */
export type ProductReadRow = Omit<ProductRow, 'searchText' | 'nameKey'>;

/** Reais for the spec's shapes; integer cents stay beside them for anything that computes. */
function reaisOrNull(cents: number | null): number | null {
  return cents === null ? null : reais(cents);
}

export function toProductDto(row: ProductReadRow): ProductDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    complementary_description: row.complementaryDescription,
    price: reais(row.priceCents),
    price_cents: row.priceCents,
    preco_pix: reaisOrNull(row.pixPriceCents),
    pix_price_cents: row.pixPriceCents,
    sale_price: reaisOrNull(row.salePriceCents),
    sale_price_cents: row.salePriceCents,
    // The CHECK constraint on the column admits only the six slugs.
    category: row.category as CategorySlug,
    subcategory: row.subcategory,
    sku: row.sku,
    bling_id: row.blingId,
    active: row.active,
    display_status: row.displayStatus,
    images: row.images,
    sizes: row.sizes,
    measures: row.measures,
    tags: row.tags,
    variations: row.variations,
    stock_quantity: row.stockQuantity,
    stock: row.stockQuantity,
    stock_status: row.stockStatus,
    weight_grams: row.weightGrams,
    length_cm: row.lengthCm,
    width_cm: row.widthCm,
    height_cm: row.heightCm,
    last_sync: row.lastSync?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The PIX price of a product as a row holds it (the cart's, the order's, the wishlist's and the
 * panel's), by the one rule of @lumina/shared/catalog/pricing.
 */
export function rowPixPriceCents(row: Pick<ProductRow, 'priceCents' | 'pixPriceCents'>): number {
  return pixPriceCents({ price_cents: row.priceCents, pix_price_cents: row.pixPriceCents });
}
