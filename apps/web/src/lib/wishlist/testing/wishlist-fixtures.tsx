import type { WishlistItemJson } from '@lumina/shared/cart/cart-schemas';
import type { ProductDto } from '@lumina/shared/catalog/product';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { AuthProvider } from '../../auth/auth-provider.tsx';
import {
  fakeAccessToken,
  fakeApi,
  TEST_USER,
  type FakeRequest,
} from '../../auth/testing/fake-api.ts';
import { createTestSession, storeSignedIn } from '../../auth/testing/signed-in.ts';
import { STORAGE_KEYS } from '../../storage-keys.ts';
import type { LocalWishlistItem } from '../local-wishlist.ts';
import { seedStore } from '../../testing/store-fixture.ts';

let nextId = 100;

/** A product as the catalogue answers it; pass only what the test is about. */
export function createWishlistProduct(overrides: Partial<ProductDto> = {}): ProductDto {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Piercing Titânio ${id}`,
    description: '',
    complementary_description: null,
    price: 89.9,
    price_cents: 8990,
    preco_pix: null,
    pix_price_cents: null,
    pix_final_price: 85.41,
    pix_final_price_cents: 8541,
    sale_price: null,
    sale_price_cents: null,
    category: 'orelha',
    subcategory: null,
    sku: `SKU-${id}`,
    bling_id: null,
    active: true,
    display_status: 'visible',
    images: [`/product-images/p${id}.svg`],
    sizes: [],
    measures: [],
    tags: [],
    variations: [],
    options: [],
    variants: [
      {
        id: id + 10_000,
        sku: `SKU-${id}`,
        option_values: {},
        stock_quantity: 5,
        price: null,
        price_cents: null,
        sale_price: null,
        sale_price_cents: null,
        pix_price: null,
        pix_price_cents: null,
        weight_grams: null,
        gtin: null,
        image: null,
        active: true,
      },
    ],
    stock_quantity: 5,
    stock: 5,
    stock_status: 'in_stock',
    weight_grams: 5,
    length_cm: 5,
    width_cm: 5,
    height_cm: 2,
    last_sync: null,
    created_at: '2026-01-10T12:00:00.000Z',
    updated_at: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

/** A server wishlist item (GET /api/wishlist). */
export function createWishlistItem(overrides: Partial<WishlistItemJson> = {}): WishlistItemJson {
  const productId = overrides.product_id ?? nextId++;
  return {
    id: productId + 1000,
    product_id: productId,
    added_at: '2026-02-01T12:00:00.000Z',
    name: `Piercing Titânio ${productId}`,
    price: 89.9,
    pix_price: 85.41,
    image: `/product-images/p${productId}.svg`,
    sku: `SKU-${productId}`,
    stock: 5,
    active: true,
    has_options: false,
    ...overrides,
  };
}

export function storedLocalWishlist(): LocalWishlistItem[] {
  return JSON.parse(
    localStorage.getItem(STORAGE_KEYS.localWishlist) ?? '[]',
  ) as LocalWishlistItem[];
}

export function storeLocalWishlist(items: LocalWishlistItem[]): void {
  localStorage.setItem(STORAGE_KEYS.localWishlist, JSON.stringify(items));
}

/** A tab signed in as a login leaves it: the session starts authenticated. */
export function signIn(): void {
  storeSignedIn(TEST_USER, fakeAccessToken(Math.floor(Date.now() / 1000) + 900));
}

export type WishlistAnswer = { status: number; body: unknown } | undefined;

/**
 * A stateful /api/wishlist with the API's rules (409 'wishlist_duplicate' on a repeat, ids of
 * its own). `override` may answer a request first (a failure, a slow call...).
 */
export function fakeWishlistApi(
  initial: WishlistItemJson[] = [],
  override: (request: FakeRequest) => WishlistAnswer = () => undefined,
) {
  const items = [...initial];
  let nextItemId = 5000;
  const requests = fakeApi((request) => {
    const forced = override(request);
    if (forced) return forced;
    if (request.path === '/wishlist' && request.method === 'GET') {
      return { body: { wishlist: { items } } };
    }
    if (request.path === '/wishlist' && request.method === 'POST') {
      const productId = (request.body as { product_id: number }).product_id;
      if (items.some((item) => item.product_id === productId)) {
        return {
          status: 409,
          body: {
            type: 'conflict',
            code: 'wishlist_duplicate',
            message: 'Produto já está na lista de desejos',
          },
        };
      }
      const item = createWishlistItem({ id: nextItemId++, product_id: productId });
      items.unshift(item);
      return { status: 201, body: { item } };
    }
    const removal = /^\/wishlist\/(\d+)$/.exec(request.path);
    if (removal && request.method === 'DELETE') {
      const index = items.findIndex((item) => item.id === Number(removal[1]));
      if (index === -1) return { status: 404, body: { message: 'Item não encontrado' } };
      items.splice(index, 1);
      return { body: { success: true } };
    }
    return undefined;
  });
  return { items, requests };
}

/** Renders inside a fresh QueryClient, a fresh auth session (read from storage) and a router. */
export function renderWithWishlist(ui: ReactElement) {
  // With the shop's settings, as every server-rendered page carries them.
  const client = seedStore(
    new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
  );
  const session = createTestSession();
  const view = render(
    <QueryClientProvider client={client}>
      <AuthProvider session={session}>
        <MemoryRouter>{ui}</MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, client, session };
}
