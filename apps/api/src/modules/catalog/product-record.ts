import { CATEGORY_LABELS, type CategorySlug } from '@lumina/shared/catalog/categories';
import type { DisplayStatus, ProductVariation } from '@lumina/shared/catalog/product';
import { AppError } from '../../http/app-error.ts';
import type { NewProductRow } from '../../db/schema/products.ts';
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
  bling_id?: string | null;
  active?: boolean;
  display_status?: DisplayStatus;
  images?: string[];
  sizes?: string[];
  measures?: string[];
  tags?: string[];
  variations?: ProductVariation[];
  stock_quantity: number;
  weight_grams?: number;
  length_cm?: number;
  width_cm?: number;
  height_cm?: number;
  last_sync?: Date | null;
  created_at?: Date;
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
    blingId: input.bling_id ?? null,
    active: input.active ?? true,
    displayStatus: input.display_status ?? 'visible',
    images: input.images ?? [],
    sizes: input.sizes ?? [],
    measures: input.measures ?? [],
    tags: input.tags ?? [],
    variations: input.variations ?? [],
    stockQuantity: input.stock_quantity,
    weightGrams: input.weight_grams,
    lengthCm: input.length_cm,
    widthCm: input.width_cm,
    heightCm: input.height_cm,
    searchText: searchTextOf(input, description),
    nameKey: normalizeText(input.name),
    lastSync: input.last_sync ?? null,
    createdAt: input.created_at ?? now,
    updatedAt: now,
  };
}
