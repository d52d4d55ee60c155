import { SEARCH_MAX_LENGTH } from '../constants/storefront-constants.ts';
import { type CategorySlug, isCategorySlug } from './categories.ts';
import {
  canonicalOptionFilters,
  OPTION_FILTER_ENTRY_MAX,
  OPTION_FILTER_MAX_ENTRIES,
  OPTION_FILTER_PARAM,
  parseOptionFilter,
} from './option-filter.ts';
import { PRODUCT_SORTS, type ProductSort } from './product.ts';

function isSort(value: string | null): value is ProductSort {
  return (PRODUCT_SORTS as readonly (string | null)[]).includes(value);
}

function categoryOf(params: URLSearchParams): CategorySlug | null {
  const requested = params.get('categoria')?.trim().toLowerCase() ?? '';
  return isCategorySlug(requested) ? requested : null;
}

/**
 * /produtos?search=...&categoria=...&ordem=...: what the page lists. The page, the server's
 * renderer (entry-server.tsx) and the page's head (the API's storefront/pages.ts) read the
 * address the same way.
 */
export function productsListing(params: URLSearchParams): {
  search: string;
  category: CategorySlug | null;
  sort: ProductSort;
} {
  const ordem = params.get('ordem');
  return {
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    category: categoryOf(params),
    sort: isSort(ordem) ? ordem : 'name',
  };
}

/** /categorias?categoria=orelha: an unknown category lists everything rather than nothing. */
export function categoryListing(params: URLSearchParams): CategorySlug | null {
  return categoryOf(params);
}

/**
 * ?opcao=Diâmetro:8 mm&opcao=Cor:Prata on a listing page, in the canonical form the API answers
 * for. An address typed by hand never breaks the page: malformed or too long entries are
 * dropped and only the first ones the API takes are kept.
 */
export function optionFilterListing(params: URLSearchParams): string[] {
  const entries = params
    .getAll(OPTION_FILTER_PARAM)
    .filter((entry) => entry.length <= OPTION_FILTER_ENTRY_MAX && parseOptionFilter(entry));
  return canonicalOptionFilters(entries).slice(0, OPTION_FILTER_MAX_ENTRIES);
}
