/**
 * The server's renderer of the storefront, so search engines, link previews and a slow phone get
 * the content in the HTML: the same routes and providers as the
 * browser's app, rendered to HTML for one address with the catalogue the server holds, and the
 * query cache to hand to the browser so it hydrates without asking again. Built by build.mjs into
 * DIST/ssr/entry-server.js; the API imports it (http/web-app.ts).
 */
import { parseProductId } from '@lumina/shared/catalog/product-id';
import { type PolicyAnswer, policyKeyOfPath } from '@lumina/shared/settings/policy-pages';
import type { PolicyKey, PublicStoreJson } from '@lumina/shared/settings/store-settings';
import type {
  ProductListResponse,
  ProductResponse,
  SubcategoriesResponse,
} from '@lumina/shared/catalog/product';
import type { ProductReviewsResponse } from '@lumina/shared/reviews/review-schemas';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
} from 'react-router';
// An entry point, like main.tsx: the one kind of module above app/ that may import it.
// eslint-disable-next-line no-restricted-imports
import { setSandboxMode } from './app/layout/sandbox-notice.tsx';
// eslint-disable-next-line no-restricted-imports
import { routes } from './app/routes.tsx';
import {
  allProductsQueryOptions,
  getAllProducts,
} from './features/catalog/api/get-all-products.ts';
import { productQueryOptions } from './features/catalog/api/get-product.ts';
import { productReviewsQueryOptions } from './features/catalog/api/get-product-reviews.ts';
import { type ProductsQuery, productsQueryOptions } from './features/catalog/api/get-products.ts';
import { subcategoriesQueryOptions } from './features/catalog/api/get-subcategories.ts';
import { policyQueryOptions } from './features/policies/api/get-policy.ts';
import { CAROUSEL_PRODUCT_COUNT } from './features/catalog/components/product-carousel.tsx';
import {
  categoryListing,
  optionFilterListing,
  productsListing,
} from '@lumina/shared/catalog/listing-params';
import { AuthProvider } from './lib/auth/auth-provider.tsx';
import { createAuthSession } from './lib/auth/auth-session.ts';
import { PRODUCT_GC_MS, PRODUCT_STALE_MS } from './lib/query-client.ts';
import { storeQueryOptions } from './lib/store-settings.ts';

/** The catalogue as the server reads it, in the API's own answer shapes. */
export interface StorefrontData {
  products(query: ProductsQuery): Promise<ProductListResponse>;
  /** undefined for a product the storefront does not show. */
  product(id: number): Promise<ProductResponse | undefined>;
  /** The first page of a product's approved reviews (GET /api/products/{id}/reviews). */
  productReviews(id: number): Promise<ProductReviewsResponse | undefined>;
  subcategories(slug: string): Promise<SubcategoriesResponse>;
  /** The shop's public settings (GET /api/store), which every page's layout shows. */
  store(): { store: PublicStoreJson };
  /** GET /api/store/policies/{key}'s answer; undefined for a policy not written. */
  policy(key: PolicyKey): Promise<PolicyAnswer | undefined>;
}

export interface RenderOptions {
  data: StorefrontData;
  /** The shop takes simulated payments (the notice every page shows). */
  sandbox: boolean;
}

export interface RenderedPage {
  /** What goes inside <div id="root">. */
  html: string;
  /**
   * The queries the page was rendered from, for the browser's QueryClient (main.tsx sets them
   * before hydrating; a plain list costs the browser less code than TanStack's hydrate()).
   */
  state: { queryKey: QueryKey; data: unknown }[];
}

const handler = createStaticHandler(routes);

/** The queries the page's components ask for first, answered from the server's catalogue. */
async function prefetch(client: QueryClient, url: URL, data: StorefrontData): Promise<void> {
  client.setQueryData(storeQueryOptions().queryKey, data.store());
  const path = matchRoutes(routes, url.pathname)?.at(-1)?.route.path;
  const page = (query: ProductsQuery) => data.products(query);
  switch (path) {
    case undefined: // the home page is the index route
      if (url.pathname === '/' || url.pathname === '') {
        client.setQueryData(
          productsQueryOptions({ per_page: CAROUSEL_PRODUCT_COUNT }).queryKey,
          await data.products({ per_page: CAROUSEL_PRODUCT_COUNT }),
        );
      }
      return;
    case 'produto/:id': {
      const id = parseProductId(url.pathname.split('/').filter(Boolean)[1]);
      // The reviews are part of the page's HTML (their mean sits beside the title): read with it.
      const [found, reviews] =
        id === null ? [] : await Promise.all([data.product(id), data.productReviews(id)]);
      // null for an unknown product: the page is the 'Produto não encontrado' notice with its
      // heading, not a skeleton waiting for a request only the browser would make, and the
      // browser hydrates the same notice without asking.
      if (id !== null) client.setQueryData(productQueryOptions(id).queryKey, found ?? null);
      if (found && reviews && id !== null) {
        client.setQueryData(productReviewsQueryOptions(id).queryKey, reviews);
      }
      return;
    }
    case 'produtos': {
      const { search, category, sort } = productsListing(url.searchParams);
      const query = { category, search, sort };
      client.setQueryData(
        allProductsQueryOptions(query).queryKey,
        await getAllProducts(query, undefined, page),
      );
      return;
    }
    case 'categorias': {
      const category = categoryListing(url.searchParams);
      // Read as the page reads it, so the browser finds the list under the same key.
      const query = { category, opcao: optionFilterListing(url.searchParams) };
      client.setQueryData(
        allProductsQueryOptions(query).queryKey,
        await getAllProducts(query, undefined, page),
      );
      if (category) {
        client.setQueryData(
          subcategoriesQueryOptions(category).queryKey,
          await data.subcategories(category),
        );
      }
      return;
    }
    case 'termos-de-uso':
    case 'trocas-e-devolucoes':
    case 'politica-de-envio': {
      const key = policyKeyOfPath(url.pathname);
      // null for a policy not written: the page is the 404 notice, drawn without a request.
      if (key)
        client.setQueryData(policyQueryOptions(key).queryKey, (await data.policy(key)) ?? null);
      return;
    }
    default:
      return;
  }
}

/** The page at `url` as HTML, or undefined when the router answers a redirect. */
export async function renderPage(
  url: string,
  options: RenderOptions,
): Promise<RenderedPage | undefined> {
  const address = new URL(url, 'http://loja.local');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: PRODUCT_STALE_MS, gcTime: PRODUCT_GC_MS } },
  });
  await prefetch(queryClient, address, options.data);
  const context = await handler.query(new Request(address));
  if (context instanceof Response) return undefined;
  setSandboxMode(options.sandbox);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider session={createAuthSession()}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  const state = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => ({ queryKey: query.queryKey, data: query.state.data }));
  return { html, state };
}
