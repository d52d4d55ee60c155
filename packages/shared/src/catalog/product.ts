import type { PromotionJson } from '../promotions/coupon-schema.ts';
import type { CategorySlug } from './categories.ts';
import type { ProductOption, ProductVariantDto } from './variants.ts';

export type { OptionValues, ProductOption, ProductVariantDto } from './variants.ts';

export const DISPLAY_STATUSES = ['visible', 'featured', 'hidden'] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

export const STOCK_STATUSES = ['in_stock', 'out_of_stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export const PRODUCT_SORTS = ['name', 'price', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** One axis of variation a shopper can choose (for example "Cor" with its options). */
export interface ProductVariation {
  name: string;
  options: string[];
}

/**
 * A product as the API answers it (GET /api/products and GET /api/products/{id}).
 *
 * Money: every amount exists twice. `*_cents` are integers and are what code computes with;
 * `price`, `preco_pix` and `sale_price` are reais with two decimals because the spec's shapes
 * expect them (DESIGN.md, Data).
 */
export interface ProductDto {
  id: number;
  name: string;
  /** HTML, sanitised by the server on write with an allow-list. */
  description: string;
  complementary_description: string | null;
  price: number;
  price_cents: number;
  /** Explicit PIX price when the product has one, else null (the settings' PIX discount applies). */
  preco_pix: number | null;
  pix_price_cents: number | null;
  /**
   * What paying by PIX costs now (the product's own price, without a variant's): the explicit
   * PIX price, else the price less the store settings' PIX discount. The server's word on it.
   */
  pix_final_price: number;
  pix_final_price_cents: number;
  sale_price: number | null;
  sale_price_cents: number | null;
  category: CategorySlug;
  subcategory: string | null;
  sku: string;
  bling_id: string | null;
  active: boolean;
  display_status: DisplayStatus;
  /** Absolute paths served by the store, first one is the main image. */
  images: string[];
  sizes: string[];
  measures: string[];
  tags: string[];
  variations: ProductVariation[];
  /** Up to 3 options (Diâmetro, Cor...); `sizes`, `measures` and `variations` derive from them. */
  options: ProductOption[];
  /** Every variant, active or not (the storefront shows inactive ones as unavailable). */
  variants: ProductVariantDto[];
  /** The sum over the active variants. */
  stock_quantity: number;
  /** Same value as stock_quantity; the spec reads either name. */
  stock: number;
  stock_status: StockStatus;
  weight_grams: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
  last_sync: string | null;
  created_at: string;
  updated_at: string;
  /**
   * The best automatic percent promotion that covers the product now (its conditions in
   * `description`); the cart applies it, the card and the page announce it.
   */
  promotion?: PromotionJson | null;
}

/** GET /api/products */
/**
 * Where the catalogue stands with the ERP (spec 001 §7), over every product: `synced` as Bling
 * has it, `pending` a change Bling has not taken yet (a failed push included, it is retried),
 * `local_only` never part of the sync. The three add up to the number of products.
 */
export interface SyncStats {
  synced: number;
  local_only: number;
  pending: number;
}

/**
 * One option of the listed products with, for each value, how many products have a live, active
 * variant with it. The standard faceting rule: the counts apply the list's other filters and the
 * other options' chosen values, never the option's own, so its values stay choosable together.
 * Options and values in the order they first appear in the products' options.
 */
export interface OptionFacet {
  name: string;
  values: { value: string; count: number }[];
}

export interface ProductListResponse {
  products: ProductDto[];
  total: number;
  page: number;
  per_page: number;
  total_pages: number;
  sync_stats: SyncStats;
  /** Over the whole listing (every page), for the `opcao` filter. */
  option_facets: OptionFacet[];
}

/** GET /api/products/{id} */
export interface ProductResponse {
  product: ProductDto;
}

/** GET /api/categories/{slug}/subcategories */
export interface SubcategoriesResponse {
  category: CategorySlug;
  subcategories: { name: string; product_count: number }[];
}
