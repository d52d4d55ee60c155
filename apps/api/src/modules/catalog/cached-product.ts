import type { ProductResponse } from '@lumina/shared/catalog/product';
import { AppError } from '../../http/app-error.ts';
import type { CachedJson, JsonCache } from '../../http/cached-json.ts';
import type { CatalogService } from './service.ts';

/**
 * The storefront's answer for one product (GET /api/products/{id}) as this process's catalogue
 * cache keeps it: one entry for the API and the pages, cleared with every catalogue change.
 */
export function cachedProduct(
  cache: JsonCache,
  catalog: CatalogService,
  id: number | null,
): Promise<CachedJson> {
  return cache.get(productKey(id), () => catalog.getProduct(id));
}

/** The cache key of product `id`'s answer. */
export function productKey(id: number | null): string {
  return `product:${id}`;
}

/**
 * Whether the storefront shows product `id` (not unknown, hidden or retired), answered from the
 * cached product: while it is cached this reads no SQL.
 */
export async function showsProduct(
  cache: JsonCache,
  catalog: CatalogService,
  id: number,
): Promise<boolean> {
  try {
    await cachedProduct(cache, catalog, id);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') return false;
    throw error;
  }
}

/** The SKUs of a cached answer, read once per answer rather than once per question. */
const skusOfAnswer = new WeakMap<CachedJson, ReadonlySet<string>>();

/**
 * Whether the storefront's product `id` sells a variant of that SKU, answered from the cached
 * product: while it is cached this reads no SQL. False for a product the storefront does not
 * show (unknown, hidden or no longer sold).
 */
export async function sellsVariantSku(
  cache: JsonCache,
  catalog: CatalogService,
  id: number,
  sku: string,
): Promise<boolean> {
  let answer: CachedJson;
  try {
    answer = await cachedProduct(cache, catalog, id);
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') return false;
    throw error;
  }
  let skus = skusOfAnswer.get(answer);
  if (!skus) {
    const { product } = JSON.parse(answer.body) as ProductResponse;
    skus = new Set(product.variants.map((variant) => variant.sku));
    skusOfAnswer.set(answer, skus);
  }
  return skus.has(sku);
}
