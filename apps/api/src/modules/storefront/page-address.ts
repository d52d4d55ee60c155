import {
  categoryListing,
  optionFilterListing,
  productsListing,
} from '@lumina/shared/catalog/listing-params';
import { OPTION_FILTER_PARAM } from '@lumina/shared/catalog/option-filter';
import { VARIANT_QUERY_PARAM, VARIANT_SKU_PATTERN } from '@lumina/shared/catalog/variants';
import { parseProductId } from '@lumina/shared/catalog/product-id';
import { matchPagePath } from '@lumina/shared/storefront/page-paths';

/** A page address reduced to what its page reads: the cache key and the address to render. */
export interface PageAddress {
  key: string;
  /** Path and canonical query: every address with the same key renders from this one. */
  url: string;
  /**
   * A product page's shared link to a variant (`?variante=SKU`), which the page shows chosen.
   * The SKU is a free text the address alone cannot check: the server keeps it only once the
   * product is known to have that variant, else it renders `bare`, the product's own page.
   */
  variant?: { productId: number; sku: string; bare: PageAddress };
}

/** Every address the app does not have shows the same not-found page. */
const NOT_FOUND: PageAddress = { key: 'page:not-found', url: '/pagina-nao-encontrada' };

function withQuery(path: string, params: [string, string | null][]): PageAddress {
  const kept = params.filter((entry): entry is [string, string] => Boolean(entry[1]));
  // Stable: repeated parameters (opcao) keep their own canonical order.
  kept.sort(([a], [b]) => (a === b ? 0 : a < b ? -1 : 1));
  const query = new URLSearchParams(kept).toString();
  const url = query ? `${path}?${query}` : path;
  return { key: `page:${url}`, url };
}

/**
 * The page an address shows, keyed by what the page reads (the path, the product id and its
 * linked variant, the listing's search, category and order, each in its canonical form) and
 * nothing else: a made-up
 * parameter (?z=123), a letter case, a trailing slash or a category the shop does not have lands
 * on the page already rendered instead of forcing a render of its own and pushing real pages out
 * of the cache. The renderer reads the same shared rules (listing-params.ts), so the HTML of the
 * canonical address is the HTML of every address that shares its key.
 */
export function pageAddress(rawUrl: string): PageAddress {
  let address: URL;
  try {
    address = new URL(rawUrl, 'http://pagina.invalid');
  } catch {
    return NOT_FOUND;
  }
  const pathname = address.pathname === '/index.html' ? '/' : address.pathname;
  const match = matchPagePath(pathname);
  if (!match) return NOT_FOUND;
  switch (match.path) {
    case '/produto/:id': {
      const id = parseProductId(match.params[0]);
      if (id === null) return withQuery('/produto/invalido', []);
      const bare = withQuery(`/produto/${id}`, []);
      // A shared link's variant (`?variante=SKU`) renders that choice; a value that cannot be a
      // SKU is dropped here, and one the product does not sell is dropped by the server.
      const sku = address.searchParams.get(VARIANT_QUERY_PARAM);
      if (!sku || !VARIANT_SKU_PATTERN.test(sku)) return bare;
      return {
        ...withQuery(`/produto/${id}`, [[VARIANT_QUERY_PARAM, sku]]),
        variant: { productId: id, sku, bare },
      };
    }
    case '/produtos': {
      const { search, category, sort } = productsListing(address.searchParams);
      return withQuery('/produtos', [
        ['categoria', category],
        ['ordem', sort === 'name' ? null : sort],
        ['search', search],
      ]);
    }
    case '/categorias':
      // The option filter is drawn by the server too (its list and its ticked boxes).
      return withQuery('/categorias', [
        ['categoria', categoryListing(address.searchParams)],
        ...optionFilterListing(address.searchParams).map((entry): [string, string] => [
          OPTION_FILTER_PARAM,
          entry,
        ]),
      ]);
    default:
      // The other pages read no parameter the server draws (the account, checkout and admin
      // pages are drawn by the browser, which reads its own address).
      return withQuery(match.path, []);
  }
}
