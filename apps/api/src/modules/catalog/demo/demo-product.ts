import type { CategorySlug } from '@lumina/shared/catalog/categories';
import type { DisplayStatus, ProductVariation } from '@lumina/shared/catalog/product';
import type { ProductOption } from '@lumina/shared/catalog/variants';
import type { VariantInput } from '../product-record.ts';

/**
 * One product of the demo catalogue seeded into an empty database (a fresh install shows a shop).
 * Money is integer cents; the seed turns `created_days_ago` into `created_at` so that
 * the 'newest' sort has something to order by.
 */
export interface DemoProduct {
  sku: string;
  name: string;
  /** HTML; sanitised on write like every other description. */
  description: string;
  complementary_description: string | null;
  price_cents: number;
  pix_price_cents: number | null;
  sale_price_cents: number | null;
  category: CategorySlug;
  subcategory: string;
  display_status: DisplayStatus;
  active: boolean;
  /** Addresses of stored photos ('/uploads/products/{id}.webp'); first is the main one. */
  images: string[];
  sizes: string[];
  measures: string[];
  tags: string[];
  variations: ProductVariation[];
  /** The choices a shopper makes, and one variant per combination with its own stock. */
  options: ProductOption[];
  variants: VariantInput[];
  stock_quantity: number;
  weight_grams?: number;
  length_cm?: number;
  width_cm?: number;
  height_cm?: number;
  created_days_ago: number;
}
