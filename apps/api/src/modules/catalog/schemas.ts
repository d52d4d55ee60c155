import { CATEGORY_SLUGS } from '@lumina/shared/catalog/categories';
import {
  DISPLAY_STATUSES,
  type ProductDto,
  type ProductListResponse,
  type ProductResponse,
  STOCK_STATUSES,
  type SubcategoriesResponse,
} from '@lumina/shared/catalog/product';
import { z } from 'zod';
import { promotionJsonSchema } from '../promotions/schemas.ts';

/**
 * Response shapes of the catalogue routes for the OpenAPI description, checked against the shared
 * TypeScript contracts so the two cannot drift apart.
 */
const reais = z.number().describe('Reais with two decimals (the spec shapes)');
const cents = z.number().int().describe('Integer cents: what code computes with');

const variantDtoSchema = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    option_values: z.record(z.string(), z.string()),
    stock_quantity: z.number().int(),
    price: reais.nullable().describe('Own price; null: the product price applies'),
    price_cents: cents.nullable(),
    sale_price: reais.nullable(),
    sale_price_cents: cents.nullable(),
    pix_price: reais.nullable(),
    pix_price_cents: cents.nullable(),
    weight_grams: z.number().int().nullable(),
    gtin: z.string().nullable(),
    image: z.string().nullable(),
    active: z.boolean(),
    low_stock_threshold: z
      .number()
      .int()
      .nullable()
      .optional()
      .describe(
        "At this many units or fewer the catalogue's staff are e-mailed; null: the store setting",
      ),
  })
  .meta({ id: 'ProductVariant' });

export const productDtoSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().describe('Sanitised HTML'),
    complementary_description: z.string().nullable(),
    price: reais,
    price_cents: cents,
    preco_pix: reais.nullable(),
    pix_price_cents: cents.nullable(),
    pix_final_price: reais,
    pix_final_price_cents: cents,
    sale_price: reais.nullable(),
    sale_price_cents: cents.nullable(),
    category: z.enum(CATEGORY_SLUGS),
    subcategory: z.string().nullable(),
    sku: z.string(),
    bling_id: z.string().nullable(),
    active: z.boolean(),
    display_status: z.enum(DISPLAY_STATUSES),
    images: z.array(z.string()),
    sizes: z.array(z.string()),
    measures: z.array(z.string()),
    tags: z.array(z.string()),
    variations: z.array(z.object({ name: z.string(), options: z.array(z.string()) })),
    options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
    variants: z.array(variantDtoSchema),
    stock_quantity: z.number().int(),
    stock: z.number().int(),
    stock_status: z.enum(STOCK_STATUSES),
    weight_grams: z.number().int(),
    length_cm: z.number().int(),
    width_cm: z.number().int(),
    height_cm: z.number().int(),
    last_sync: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    promotion: promotionJsonSchema
      .nullable()
      .optional()
      .describe('the best automatic percent promotion on now that covers the product'),
  })
  .meta({ id: 'Product' }) satisfies z.ZodType<ProductDto>;

export const productListResponseSchema = z.object({
  products: z.array(productDtoSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  total_pages: z.number().int(),
  sync_stats: z.object({
    synced: z.number().int(),
    local_only: z.number().int(),
    pending: z.number().int(),
  }),
  option_facets: z
    .array(
      z.object({
        name: z.string(),
        values: z.array(z.object({ value: z.string(), count: z.number().int() })),
      }),
    )
    .describe(
      "Per option of the whole listing, how many products have a live active variant with each value; an option's counts ignore its own opcao filter but apply the others",
    ),
}) satisfies z.ZodType<ProductListResponse>;

export const productResponseSchema = z.object({
  product: productDtoSchema,
}) satisfies z.ZodType<ProductResponse>;

export const subcategoriesResponseSchema = z.object({
  category: z.enum(CATEGORY_SLUGS),
  subcategories: z.array(z.object({ name: z.string(), product_count: z.number().int() })),
}) satisfies z.ZodType<SubcategoriesResponse>;

export const productIdParamsSchema = z.object({
  id: z.string().describe('Product id; anything but a positive integer answers 404'),
});

export const categoryParamsSchema = z.object({
  slug: z.string().describe(`One of ${CATEGORY_SLUGS.join(', ')} (any case)`),
});
