import { CATEGORY_LABELS, type CategorySlug } from '@lumina/shared/catalog/categories';
import type { DisplayStatus, ProductVariation } from '@lumina/shared/catalog/product';
import { AppError } from '../../http/app-error.ts';
import type { OptionValues, ProductOption } from '@lumina/shared/catalog/variants';
import type { NewProductRow, productVariants } from '../../db/schema/products.ts';
import { descriptionText, sanitizeDescription } from './sanitize-description.ts';
import { normalizeText } from './search-text.ts';

/**
 * Everything needed to write a product. The seed, the tests and later the admin and the ERP sync
 * all write through `toProductValues`, so sanitising and the derived columns happen in one place.
 * stock_status is not here: the database derives it from stock_quantity.
 */
export interface ProductInput {
  name: string;
  description: string;
  complementary_description?: string | null;
  price_cents: number;
  pix_price_cents?: number | null;
  sale_price_cents?: number | null;
  category: CategorySlug;
  subcategory?: string | null;
  sku: string;
  active?: boolean;
  display_status?: DisplayStatus;
  images?: string[];
  sizes?: string[];
  measures?: string[];
  tags?: string[];
  variations?: ProductVariation[];
  options?: ProductOption[];
  /** What is sold; without it the product is one variant with its `sku` and `stock_quantity`. */
  variants?: VariantInput[];
  /** The product's count when it has one variant; with `variants`, theirs is used. */
  stock_quantity: number;
  weight_grams?: number;
  length_cm?: number;
  width_cm?: number;
  height_cm?: number;
  created_at?: Date;
}

/** One variant to write; prices in cents, null to inherit the product's. */
export interface VariantInput {
  sku: string;
  option_values?: OptionValues;
  stock_quantity: number;
  price_cents?: number | null;
  sale_price_cents?: number | null;
  pix_price_cents?: number | null;
  weight_grams?: number | null;
  gtin?: string | null;
  image?: string | null;
  active?: boolean;
  /** Null: the store settings' default; left out: unchanged on an update, the default on insert. */
  low_stock_threshold?: number | null;
}

export type NewVariantRow = typeof productVariants.$inferInsert;

/** The variants a product input stands for: its own list, or one with its SKU and stock. */
export function variantInputsOf(input: ProductInput): VariantInput[] {
  return input.variants ?? [{ sku: input.sku, stock_quantity: input.stock_quantity }];
}

export function toVariantValues(
  productId: number,
  variant: VariantInput,
  position: number,
  now: Date,
): NewVariantRow {
  const amounts = [
    variant.stock_quantity,
    variant.price_cents,
    variant.sale_price_cents,
    variant.pix_price_cents,
    variant.weight_grams,
    variant.low_stock_threshold,
  ];
  if (amounts.some((value) => value != null && (!Number.isSafeInteger(value) || value < 0))) {
    throw new AppError('invalid_data', 'Preços, estoque e medidas devem ser números inteiros.', {
      code: 'invalid_product',
    });
  }
  return {
    productId,
    sku: variant.sku.trim(),
    optionValues: variant.option_values ?? {},
    position,
    stockQuantity: variant.stock_quantity,
    priceCents: variant.price_cents ?? null,
    salePriceCents: variant.sale_price_cents ?? null,
    pixPriceCents: variant.pix_price_cents ?? null,
    weightGrams: variant.weight_grams ?? null,
    gtin: variant.gtin ?? null,
    image: variant.image ?? null,
    active: variant.active ?? true,
    ...(variant.low_stock_threshold !== undefined && {
      lowStockThreshold: variant.low_stock_threshold,
    }),
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The search column covers the name, the description and the SKU as the spec asks, plus the
 * category, subcategory and tags: a shopper typing "piercing de orelha" means the category.
 */
function searchTextOf(input: ProductInput, description: string): string {
  return normalizeText(
    [
      input.name,
      descriptionText(description),
      input.sku,
      ...(input.variants ?? []).map((variant) => variant.sku),
      ...(input.options ?? []).flatMap((option) => option.values),
      CATEGORY_LABELS[input.category],
      input.subcategory ?? '',
      ...(input.tags ?? []),
    ].join(' '),
  );
}

/** PostgreSQL would silently round 12.5 into an integer column; money must already be cents. */
function assertWholeNumbers(input: ProductInput): void {
  const amounts = [
    input.price_cents,
    input.pix_price_cents,
    input.sale_price_cents,
    input.stock_quantity,
    input.weight_grams,
    input.length_cm,
    input.width_cm,
    input.height_cm,
  ];
  if (amounts.some((value) => value != null && (!Number.isSafeInteger(value) || value < 0))) {
    throw new AppError('invalid_data', 'Preços, estoque e medidas devem ser números inteiros.', {
      code: 'invalid_product',
    });
  }
}

export function toProductValues(input: ProductInput, now: Date): NewProductRow {
  assertWholeNumbers(input);
  const description = sanitizeDescription(input.description);
  return {
    name: input.name.trim(),
    description,
    complementaryDescription: input.complementary_description?.trim() || null,
    priceCents: input.price_cents,
    pixPriceCents: input.pix_price_cents ?? null,
    salePriceCents: input.sale_price_cents ?? null,
    category: input.category,
    subcategory: input.subcategory?.trim() || null,
    sku: input.sku.trim(),
    active: input.active ?? true,
    displayStatus: input.display_status ?? 'visible',
    images: input.images ?? [],
    sizes: input.sizes ?? [],
    measures: input.measures ?? [],
    tags: input.tags ?? [],
    variations: input.variations ?? [],
    options: input.options ?? [],
    // The variants' trigger keeps it; written here too so the row is right from its insert.
    stockQuantity: variantInputsOf(input)
      .filter((variant) => variant.active !== false)
      .reduce((sum, variant) => sum + variant.stock_quantity, 0),
    weightGrams: input.weight_grams,
    lengthCm: input.length_cm,
    widthCm: input.width_cm,
    heightCm: input.height_cm,
    searchText: searchTextOf(input, description),
    nameKey: normalizeText(input.name),
    createdAt: input.created_at ?? now,
    updatedAt: now,
  };
}
