import { z } from 'zod';
import { CATEGORY_SLUGS } from '../catalog/categories.ts';
import { DISPLAY_STATUSES, STOCK_STATUSES } from '../catalog/product.ts';
import {
  ADMIN_FILTERS,
  ADMIN_PAGE_SIZE,
  ADMIN_SORT_FIELDS,
} from '../constants/account-constants.ts';
import { SYNC_STATUSES } from './sync-status.ts';

/** Spec 001 §9: filters, sort fields and the page size of the admin product table. */
export const ADMIN_PRODUCT_FILTERS = ADMIN_FILTERS;
export type AdminProductFilter = (typeof ADMIN_PRODUCT_FILTERS)[number];
export const ADMIN_PRODUCT_SORTS = ADMIN_SORT_FIELDS;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
export const ADMIN_PRODUCTS_PER_PAGE = ADMIN_PAGE_SIZE;

export const ADMIN_PRODUCT_LIST_MESSAGES = {
  filter: 'Filtro inválido. Use all, bling, local, pending ou failed.',
  sort: 'Ordenação inválida. Use id, name, price ou category.',
  direction: 'Direção inválida. Use asc ou desc.',
  search: 'A busca deve ter no máximo 100 caracteres',
  page: 'Página inválida',
} as const;

const M = ADMIN_PRODUCT_LIST_MESSAGES;

/** Query of GET /api/admin/products. */
export const adminProductListQuerySchema = z.object({
  filter: z.enum(ADMIN_PRODUCT_FILTERS, { error: M.filter }).default('all'),
  sort: z.enum(ADMIN_PRODUCT_SORTS, { error: M.sort }).default('id'),
  direction: z.enum(['asc', 'desc'], { error: M.direction }).default('desc'),
  /** Name or SKU. */
  q: z.string().trim().max(100, M.search).optional(),
  page: z.coerce
    .number({ error: M.page })
    .int(M.page)
    .min(1, M.page)
    .max(100_000, M.page)
    .default(1),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;

/** A row of the admin product table (spec 001 §3, Product (admin), with what a shop needs). */
export const adminProductRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  category: z.enum(CATEGORY_SLUGS),
  subcategory: z.string().nullable(),
  price: z.number(),
  price_cents: z.number().int(),
  /** The PIX price charged: the product's own, else the store settings' PIX discount off. */
  pix_price: z.number(),
  pix_price_cents: z.number().int(),
  stock_quantity: z.number().int(),
  stock_status: z.enum(STOCK_STATUSES),
  active: z.boolean(),
  display_status: z.enum(DISPLAY_STATUSES),
  image: z.string().nullable(),
  from_bling: z.boolean(),
  bling_id: z.string().nullable(),
  sync_status: z.enum(SYNC_STATUSES).nullable(),
  sync_error: z.string().nullable(),
  bling_synced_at: z.string().nullable(),
  updated_at: z.string(),
  /** Its live variants (one for a product without options), to unfold their stock on demand. */
  variants: z.array(
    z.object({
      id: z.number().int(),
      sku: z.string(),
      option_values: z.record(z.string(), z.string()),
      stock_quantity: z.number().int(),
      active: z.boolean(),
    }),
  ),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export const adminProductListResponseSchema = z
  .object({
    products: z.array(adminProductRowSchema),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    total_pages: z.number().int(),
  })
  .meta({ id: 'AdminProductList' });
export type AdminProductListResponse = z.infer<typeof adminProductListResponseSchema>;
