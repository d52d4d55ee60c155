import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The fields of a product the browser tests read from the API. Declared here rather than imported
 * from the app, so the tests stay an outside client of the store and notice a contract change.
 */
export interface ApiProduct {
  id: number;
  name: string;
  category: string;
  subcategory: string | null;
  price_cents: number;
  pix_price_cents: number | null;
  stock_quantity: number;
  stock_status: 'in_stock' | 'out_of_stock';
  active: boolean;
  display_status: string;
  images: string[];
}

export interface ApiVariant {
  id: number;
  sku: string;
  option_values: Record<string, string>;
  stock_quantity: number;
  active: boolean;
}

export interface ApiProductWithVariants {
  id: number;
  name: string;
  options: { name: string; values: string[] }[];
  variants: ApiVariant[];
}

/** One product as its page reads it, with its options and variants. */
export async function productDetail(
  request: APIRequestContext,
  id: number,
): Promise<ApiProductWithVariants> {
  const response = await request.get(`/api/products/${id}`);
  expect(response.ok(), `GET /api/products/${id} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { product: ApiProductWithVariants }).product;
}

interface ProductListResponse {
  products: ApiProduct[];
  total: number;
}

interface SubcategoriesResponse {
  subcategories: { name: string; product_count: number }[];
}

/** Every listed product matching the query, in the API's order (featured first). */
export async function listProducts(
  request: APIRequestContext,
  query: Record<string, string> = {},
): Promise<ApiProduct[]> {
  const response = await request.get('/api/products', { params: { per_page: '100', ...query } });
  expect(response.ok(), `GET /api/products answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as ProductListResponse;
  // The demo catalogue fits on one page; if it ever grows past it, the tests must page through.
  expect(body.products.length, 'the whole catalogue fits in one page of 100').toBe(body.total);
  return body.products;
}

export async function listSubcategories(
  request: APIRequestContext,
  category: string,
): Promise<SubcategoriesResponse['subcategories']> {
  const response = await request.get(`/api/categories/${category}/subcategories`);
  expect(response.ok(), `GET subcategories answered ${response.status()}`).toBe(true);
  return ((await response.json()) as SubcategoriesResponse).subcategories;
}

/** The title part of a product name; the specs follow ' - ' ('Argola ... - Tamanho: 8mm; ...'). */
export function productTitle(name: string): string {
  return name.split(' - ')[0]!.trim();
}
