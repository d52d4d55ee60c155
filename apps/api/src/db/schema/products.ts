import { CATEGORY_SLUGS } from '@lumina/shared/catalog/categories';
import type { ProductVariation } from '@lumina/shared/catalog/product';
import type { OptionValues, ProductOption } from '@lumina/shared/catalog/variants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Jewellery ships in the smallest Correios box, so those are the defaults of a product's
 * package (weight in grams, sides in centimetres): 10 g in a 16 x 11 x 2 cm box.
 */
export const DEFAULT_PACKAGE = { weightGrams: 10, lengthCm: 16, widthCm: 11, heightCm: 2 } as const;

const categoryList = sql.raw(CATEGORY_SLUGS.map((slug) => `'${slug}'`).join(', '));

/**
 * Spec 000 section 3, Product. Money in integer cents; reais exist only in API responses. The
 * catalogue's own: where the product stands with Bling (its id there, sync state) is the ERP's,
 * in bling_product_links.
 */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** HTML, sanitised with an allow-list before it is written. */
    description: text('description').notNull().default(''),
    complementaryDescription: text('complementary_description'),
    priceCents: integer('price_cents').notNull(),
    pixPriceCents: integer('pix_price_cents'),
    salePriceCents: integer('sale_price_cents'),
    category: text('category').notNull(),
    subcategory: text('subcategory'),
    sku: text('sku').notNull().unique(),
    active: boolean('active').notNull().default(true),
    displayStatus: text('display_status', { enum: ['visible', 'featured', 'hidden'] })
      .notNull()
      .default('visible'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /**
     * Up to 3 options with their values in order; each combination sold is a row of
     * product_variants. The spec's sizes, measures and variations are derived from these.
     */
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    /**
     * Free labels of the release before variants, kept as they were typed (the panel shows them
     * as a hint for the options to create); no longer offered to shoppers, who choose variants.
     */
    sizes: jsonb('sizes').$type<string[]>().notNull().default([]),
    measures: jsonb('measures').$type<string[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    variations: jsonb('variations').$type<ProductVariation[]>().notNull().default([]),
    /**
     * The sum over the product's active variants, kept by a trigger on product_variants
     * (migration 0016): nothing writes it directly, so it can never disagree with the variants.
     */
    stockQuantity: integer('stock_quantity').notNull().default(0),
    // Derived by the database itself, so the two can never disagree whoever writes the stock.
    stockStatus: text('stock_status', { enum: ['in_stock', 'out_of_stock'] })
      .notNull()
      .generatedAlwaysAs(sql`CASE WHEN stock_quantity > 0 THEN 'in_stock' ELSE 'out_of_stock' END`),
    weightGrams: integer('weight_grams').notNull().default(DEFAULT_PACKAGE.weightGrams),
    lengthCm: integer('length_cm').notNull().default(DEFAULT_PACKAGE.lengthCm),
    widthCm: integer('width_cm').notNull().default(DEFAULT_PACKAGE.widthCm),
    heightCm: integer('height_cm').notNull().default(DEFAULT_PACKAGE.heightCm),
    /**
     * Name, description text and SKU in lower case without accents, computed in app code on
     * write: the same LIKE then behaves identically on PGlite and on any PostgreSQL server,
     * with no dependency on the unaccent extension or the server's collation.
     */
    searchText: text('search_text').notNull(),
    /** Name in lower case without accents: A-Z order that does not depend on the collation. */
    nameKey: text('name_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_category_check', sql`${t.category} IN (${categoryList})`),
    check(
      'products_display_status_check',
      sql`${t.displayStatus} IN ('visible', 'featured', 'hidden')`,
    ),
    check('products_stock_quantity_check', sql`${t.stockQuantity} >= 0`),
    check(
      'products_prices_check',
      sql`${t.priceCents} >= 0 AND (${t.pixPriceCents} IS NULL OR ${t.pixPriceCents} >= 0) AND (${t.salePriceCents} IS NULL OR ${t.salePriceCents} >= 0)`,
    ),
    check(
      'products_package_check',
      sql`${t.weightGrams} > 0 AND ${t.lengthCm} > 0 AND ${t.widthCm} > 0 AND ${t.heightCm} > 0`,
    ),
    index('products_category_idx').on(t.category),
  ],
);

/**
 * What is sold: one combination of the product's option values (a product without options has
 * exactly one, with no values). Its own SKU and stock; prices, weight and photo override the
 * product's when set. A variant some order or cart holds is retired (retired_at) instead of
 * deleted, and a retired variant's SKU may be used again.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    optionValues: jsonb('option_values').$type<OptionValues>().notNull().default({}),
    /** The order of the panel's grid. */
    position: integer('position').notNull().default(0),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    priceCents: integer('price_cents'),
    salePriceCents: integer('sale_price_cents'),
    pixPriceCents: integer('pix_price_cents'),
    weightGrams: integer('weight_grams'),
    gtin: text('gtin'),
    image: text('image'),
    active: boolean('active').notNull().default(true),
    /** Below this many units the catalogue's people are told; null: the store settings' default. */
    lowStockThreshold: integer('low_stock_threshold'),
    /**
     * When the catalogue's people were last told this variant ran low; cleared when its stock is
     * back above the threshold, so one crossing sends one e-mail, not one per sale.
     */
    lowStockAlertedAt: timestamp('low_stock_alerted_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_variants_sku_unique')
      .on(t.sku)
      .where(sql`${t.retiredAt} IS NULL`),
    index('product_variants_product_idx').on(t.productId, t.position),
    check('product_variants_stock_quantity_check', sql`${t.stockQuantity} >= 0`),
    check(
      'product_variants_prices_check',
      sql`(${t.priceCents} IS NULL OR ${t.priceCents} >= 0) AND (${t.pixPriceCents} IS NULL OR ${t.pixPriceCents} >= 0) AND (${t.salePriceCents} IS NULL OR ${t.salePriceCents} >= 0)`,
    ),
    check('product_variants_weight_check', sql`${t.weightGrams} IS NULL OR ${t.weightGrams} > 0`),
    check(
      'product_variants_low_stock_threshold_check',
      sql`${t.lowStockThreshold} IS NULL OR ${t.lowStockThreshold} >= 0`,
    ),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type ProductVariantRow = typeof productVariants.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
