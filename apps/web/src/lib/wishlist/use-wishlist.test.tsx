import type { ProductDto } from '@lumina/shared/catalog/product';
import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClientHooks } from '../api-client.ts';
import { fakeAccessToken, TEST_USER } from '../auth/testing/fake-api.ts';
import { loginDialogChannel, toastChannel, type ToastMessage } from '../ui-events.ts';
import {
  createWishlistItem,
  createWishlistProduct,
  fakeWishlistApi,
  renderWithWishlist,
  signIn,
  storedLocalWishlist,
  storeLocalWishlist,
} from './testing/wishlist-fixtures.tsx';
import { useWishlistHeart } from './use-wishlist.ts';
import { fetchWishlist } from './wishlist-actions.ts';

function Heart({ product }: { product: ProductDto }) {
  const { pressed, toggle } = useWishlistHeart(product);
  return (
    <button type="button" aria-pressed={pressed} onClick={toggle}>
      {product.name}
    </button>
  );
}

const heart = (name: string) => screen.getByRole('button', { name });

async function expectPressed(name: string, pressed: boolean) {
  await waitFor(() => expect(heart(name)).toHaveAttribute('aria-pressed', String(pressed)));
}

let reasons: string[] = [];
let toasts: ToastMessage[] = [];
const stops: (() => void)[] = [];

beforeEach(() => {
  localStorage.clear();
  reasons = [];
  toasts = [];
  stops.push(loginDialogChannel.subscribe((reason) => reasons.push(reason)));
  stops.push(toastChannel.subscribe((toast) => toasts.push(toast)));
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.unstubAllGlobals();
});

describe('useWishlistHeart', () => {
  it("keeps a visitor's product in this browser and opens the login modal", async () => {
    const { requests } = fakeWishlistApi();
    const product = createWishlistProduct({
      id: 1,
      name: 'Labret Titânio',
      price: 59.9,
      price_cents: 5990,
    });
    renderWithWishlist(<Heart product={product} />);
    expect(heart('Labret Titânio')).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(heart('Labret Titânio'));
    expect(reasons).toEqual(['wishlist']);
    await expectPressed('Labret Titânio', true);
    expect(storedLocalWishlist()).toEqual([
      {
        id: expect.any(Number) as number,
        product_id: 1,
        added_at: expect.any(String) as string,
        name: 'Labret Titânio',
        price: 59.9,
        image: '/product-images/p1.svg',
        sku: 'SKU-1',
      },
    ]);

    // Pressed again: off the list, and no second modal.
    fireEvent.click(heart('Labret Titânio'));
    await expectPressed('Labret Titânio', false);
    expect(storedLocalWishlist()).toEqual([]);
    expect(reasons).toEqual(['wishlist']);
    expect(requests.filter((r) => r.path.startsWith('/wishlist'))).toEqual([]);
  });

  it("follows a signed-in user's server list and changes it through the API", async () => {
    signIn();
    const saved = createWishlistItem({ id: 41, product_id: 2 });
    const { requests } = fakeWishlistApi([saved]);
    renderWithWishlist(
      <>
        <Heart product={createWishlistProduct({ id: 2, name: 'Argola' })} />
        <Heart product={createWishlistProduct({ id: 3, name: 'Nostril' })} />
      </>,
    );
    await expectPressed('Argola', true);
    expect(heart('Nostril')).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(heart('Nostril'));
    await expectPressed('Nostril', true);
    fireEvent.click(heart('Argola'));
    await expectPressed('Argola', false);

    await waitFor(() =>
      expect(requests.filter((r) => r.method !== 'GET')).toEqual([
        expect.objectContaining({ method: 'POST', path: '/wishlist', body: { product_id: 3 } }),
        expect.objectContaining({ method: 'DELETE', path: '/wishlist/41' }),
      ]),
    );
    expect(reasons).toEqual([]);
    expect(toasts).toEqual([]);
    expect(storedLocalWishlist()).toEqual([]);
  });

  it("pushes the visitor's list to the server on login and clears it here", async () => {
    const token = fakeAccessToken(Math.floor(Date.now() / 1000) + 900);
    storeLocalWishlist([
      {
        id: 1,
        product_id: 4,
        added_at: '2026-02-01T10:00:00.000Z',
        name: 'Argola',
        price: 89.9,
        image: null,
        sku: 'SKU-4',
      },
      {
        id: 2,
        product_id: 5,
        added_at: '2026-02-01T10:01:00.000Z',
        name: 'Nostril',
        price: 49.9,
        image: null,
        sku: 'SKU-5',
      },
    ]);
    // The account already holds product 5: its 409 counts as pushed.
    const { items, requests } = fakeWishlistApi(
      [createWishlistItem({ product_id: 5 })],
      (request) =>
        request.path === '/auth/login'
          ? {
              status: 200,
              body: {
                user: TEST_USER,
                access_token: token,
                refresh_token: 'r',
                cart_migrated: false,
                cart_items_count: 0,
              },
            }
          : undefined,
    );
    const { session } = renderWithWishlist(
      <>
        <Heart product={createWishlistProduct({ id: 4, name: 'Argola' })} />
        <Heart product={createWishlistProduct({ id: 5, name: 'Nostril' })} />
      </>,
    );
    await expectPressed('Argola', true);
    expect(requests).toEqual([]);

    await act(() => session.login({ email: TEST_USER.email, password: 'Segura123' }));
    await waitFor(() => expect(storedLocalWishlist()).toEqual([]));
    expect(items.map((item) => item.product_id).sort()).toEqual([4, 5]);
    expect(
      requests.filter((r) => r.path.startsWith('/wishlist')).map((r) => `${r.method} ${r.path}`),
    ).toEqual(['POST /wishlist', 'POST /wishlist', 'GET /wishlist']);
    await expectPressed('Argola', true);
    await expectPressed('Nostril', true);
    expect(toasts).toEqual([]);
  });

  it("says 'Produto já está na lista de desejos' when the server already has it", async () => {
    signIn();
    const { items, requests } = fakeWishlistApi();
    renderWithWishlist(<Heart product={createWishlistProduct({ id: 6, name: 'Septo' })} />);
    await waitFor(() => expect(requests.some((r) => r.method === 'GET')).toBe(true));
    // Added in another tab after this one read the list.
    items.push(createWishlistItem({ product_id: 6 }));

    fireEvent.click(heart('Septo'));
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({ kind: 'info', message: 'Produto já está na lista de desejos' }),
      ]),
    );
    await expectPressed('Septo', true);
  });

  it('undoes a change the server refuses, with the spec messages', async () => {
    signIn();
    fakeWishlistApi([createWishlistItem({ id: 70, product_id: 7 })], (request) =>
      request.method === 'GET'
        ? undefined
        : { status: 503, body: { message: 'Serviço indisponível' } },
    );
    renderWithWishlist(
      <>
        <Heart product={createWishlistProduct({ id: 7, name: 'Argola' })} />
        <Heart product={createWishlistProduct({ id: 8, name: 'Nostril' })} />
      </>,
    );
    await expectPressed('Argola', true);

    fireEvent.click(heart('Nostril'));
    await waitFor(() =>
      expect(toasts.map((t) => t.message)).toEqual(['Erro ao adicionar à lista de desejos']),
    );
    await expectPressed('Nostril', false);

    fireEvent.click(heart('Argola'));
    await waitFor(() =>
      expect(toasts.map((t) => t.message)).toContain('Erro ao remover da lista de desejos'),
    );
    await expectPressed('Argola', true);
    expect(toasts.every((t) => t.kind === 'error')).toBe(true);
  });

  it('sends nothing when the session ended before the read went out ("Sair" meanwhile)', async () => {
    const { requests } = fakeWishlistApi([createWishlistItem({ id: 41, product_id: 2 })]);
    storeLocalWishlist([
      {
        id: 1,
        product_id: 3,
        added_at: '2026-11-20T10:00:00.000Z',
        name: 'Nostril',
        price: 59.9,
        image: null,
        sku: 'NOS-1',
      },
    ]);
    const context = { client: new QueryClient() } as unknown as QueryFunctionContext;
    const hook = apiClientHooks.accessToken;
    try {
      apiClientHooks.accessToken = () => null;
      expect(await fetchWishlist(context)).toEqual([]);
      expect(requests).toEqual([]);
      // The same read with the session still there goes out.
      apiClientHooks.accessToken = () => fakeAccessToken(Math.floor(Date.now() / 1000) + 900);
      expect((await fetchWishlist(context)).map((item) => item.product_id)).toEqual([3, 2]);
      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /wishlist',
        'GET /wishlist',
      ]);
    } finally {
      apiClientHooks.accessToken = hook;
    }
  });
});
