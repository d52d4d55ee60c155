import type { ProductDto } from '@lumina/shared/catalog/product';
import { cardPrices } from './display-price.ts';

export interface PriceRangeCents {
  minCents: number;
  maxCents: number;
}

/** The category page's filters; an empty list means "no constraint of this kind". */
export interface CatalogFilters {
  category: string | null;
  subcategories: readonly string[];
  priceRanges: readonly PriceRangeCents[];
  sizes: readonly string[];
  measures: readonly string[];
}

export const EMPTY_FILTERS: CatalogFilters = {
  category: null,
  subcategories: [],
  priceRanges: [],
  sizes: [],
  measures: [],
};

type Filterable = Pick<
  ProductDto,
  'category' | 'subcategory' | 'price_cents' | 'pix_price_cents' | 'sizes' | 'measures'
> &
  Partial<Pick<ProductDto, 'sale_price_cents' | 'variants'>>;

/**
 * The price the price ranges and the price orders compare: the card's big number, so a product
 * whose variants sell at different prices is filed at its 'a partir de' price, never at a
 * product price no variant is sold at.
 */
function shownPriceCents(product: Filterable): number {
  return cardPrices(product).mainCents;
}

/**
 * Spec 000 section 5, category filter matching: choices of the same kind combine with OR,
 * different kinds with AND; price ranges are inclusive at both ends and compare the price the card
 * shows.
 */
export function filterProducts<T extends Filterable>(
  products: readonly T[],
  filters: CatalogFilters,
): T[] {
  const category = filters.category?.trim().toLowerCase() || null;
  return products.filter((product) => {
    if (category && product.category.toLowerCase() !== category) return false;
    if (
      filters.subcategories.length > 0 &&
      (product.subcategory === null || !filters.subcategories.includes(product.subcategory))
    ) {
      return false;
    }
    if (filters.priceRanges.length > 0) {
      const price = shownPriceCents(product);
      if (
        !filters.priceRanges.some((range) => price >= range.minCents && price <= range.maxCents)
      ) {
        return false;
      }
    }
    if (filters.sizes.length > 0 && !product.sizes.some((size) => filters.sizes.includes(size))) {
      return false;
    }
    if (
      filters.measures.length > 0 &&
      !product.measures.some((measure) => filters.measures.includes(measure))
    ) {
      return false;
    }
    return true;
  });
}

export const CATEGORY_SORTS = ['name', 'price-asc', 'price-desc'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];

const byName = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/**
 * Sort options of the category page: name A-Z (default), lowest price, highest price (the price
 * the card shows, as the ranges compare).
 */
export function sortProducts<T extends Filterable & Pick<ProductDto, 'name'>>(
  products: readonly T[],
  sort: CategorySort,
): T[] {
  const sorted = [...products];
  if (sort === 'name') return sorted.sort((a, b) => byName.compare(a.name, b.name));
  const direction = sort === 'price-asc' ? 1 : -1;
  const prices = new Map(products.map((product) => [product, shownPriceCents(product)]));
  const price = (product: T) => prices.get(product) ?? 0;
  return sorted.sort((a, b) => direction * (price(a) - price(b)) || byName.compare(a.name, b.name));
}

/** Every distinct value of one option kind among the products, in a natural pt-BR order. */
export function distinctOptions<T extends Filterable>(
  products: readonly T[],
  kind: 'sizes' | 'measures',
): string[] {
  const values = new Set<string>();
  for (const product of products) for (const value of product[kind]) values.add(value);
  return [...values].sort((a, b) => byName.compare(a, b));
}
