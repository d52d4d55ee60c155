import type { CategorySlug } from '@lumina/shared/catalog/categories';
import type { ProductDto } from '@lumina/shared/catalog/product';
import { pixPriceCents, type PriceRules } from '@lumina/shared/catalog/pricing';
import { centsToReais as reais } from '@lumina/shared/format/money';
import {
  type ProductVariantDto,
  specShapesOf,
  type OptionValues,
} from '@lumina/shared/catalog/variants';
import type { CouponRule } from '@lumina/shared/promotions/coupon-rules';
import type { ProductRow } from '../../db/schema/products.ts';
import { toPromotionJson } from '../promotions/coupon-json.ts';
import { productPromotion } from '../promotions/live-promotions.ts';

/** A live variant as the catalogue's reads bring it (json_build_object in repository.ts). */
export interface VariantReadRow {
  id: number;
  sku: string;
  option_values: OptionValues;
  stock_quantity: number;
  price_cents: number | null;
  sale_price_cents: number | null;
  pix_price_cents: number | null;
  weight_grams: number | null;
  gtin: string | null;
  image: string | null;
  active: boolean;
  low_stock_threshold: number | null;
}

/**
 * The columns a response needs (the search helpers stay in the database), with the variants and
 * the ERP's word on the product (bling_product_links, read joined on the product's id).
 */
export type ProductReadRow = Omit<ProductRow, 'searchText' | 'nameKey'> & {
  blingId: string | null;
  lastSync: Date | null;
  variants: VariantReadRow[];
};

/** The store settings' PIX rule: `storeSettings()` is passed as it is. */
type PixRules = Pick<PriceRules, 'pix_discount_percent'>;

/** Reais for the spec's shapes; integer cents stay beside them for anything that computes. */
function reaisOrNull(cents: number | null): number | null {
  return cents === null ? null : reais(cents);
}

export function toVariantDto(variant: VariantReadRow): ProductVariantDto {
  return {
    id: variant.id,
    sku: variant.sku,
    option_values: variant.option_values,
    stock_quantity: variant.stock_quantity,
    price: reaisOrNull(variant.price_cents),
    price_cents: variant.price_cents,
    sale_price: reaisOrNull(variant.sale_price_cents),
    sale_price_cents: variant.sale_price_cents,
    pix_price: reaisOrNull(variant.pix_price_cents),
    pix_price_cents: variant.pix_price_cents,
    weight_grams: variant.weight_grams,
    gtin: variant.gtin,
    image: variant.image,
    active: variant.active,
    low_stock_threshold: variant.low_stock_threshold,
  };
}

/**
 * `rules` are the store settings' (`storeSettings()`): the PIX price charged follows their
 * discount, so the answer is the server's word on it whatever a browser computes. With
 * `promotions` (the storefront's reads), the answer names the best automatic promotion on now.
 */
export function toProductDto(
  row: ProductReadRow,
  rules: PixRules,
  promotions?: { rules: readonly CouponRule[]; now: Date },
): ProductDto {
  // The spec's flat shapes come from the options, so what a shopper may pick is what exists.
  const shapes = specShapesOf(row.options);
  const pixFinalCents = rowPixPriceCents(row, rules);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    complementary_description: row.complementaryDescription,
    price: reais(row.priceCents),
    price_cents: row.priceCents,
    preco_pix: reaisOrNull(row.pixPriceCents),
    pix_price_cents: row.pixPriceCents,
    pix_final_price: reais(pixFinalCents),
    pix_final_price_cents: pixFinalCents,
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
    sizes: shapes.sizes,
    measures: shapes.measures,
    tags: row.tags,
    variations: shapes.variations,
    options: row.options,
    variants: row.variants.map(toVariantDto),
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
    ...(promotions && { promotion: promotionOf(row, promotions.rules, promotions.now) }),
  };
}

function promotionOf(row: ProductReadRow, rules: readonly CouponRule[], now: Date) {
  const rule = productPromotion(rules, row, now);
  return rule ? toPromotionJson(rule) : null;
}

/**
 * The PIX price of a product as a row holds it (the cart's, the order's, the wishlist's and the
 * panel's), by the one rule of @lumina/shared/catalog/pricing.
 */
export function rowPixPriceCents(
  row: Pick<ProductRow, 'priceCents' | 'pixPriceCents'>,
  rules: PixRules,
): number {
  return pixPriceCents({ price_cents: row.priceCents, pix_price_cents: row.pixPriceCents }, rules);
}
