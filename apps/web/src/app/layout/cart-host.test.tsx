import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishCartCount, requestAddToCart } from '../../lib/cart/cart-events.ts';
import {
  cartCalls,
  createCartItem,
  createCartProduct,
  fakeCartApi,
  renderWithCart,
  signIn,
} from '../../lib/cart/testing/cart-fixtures.tsx';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { CartHost } from './cart-host.tsx';
import { HeaderCart } from './header-cart.tsx';

const ring = createCartProduct({ id: 3, name: 'Argola Lisa' });

function renderHost() {
  return renderWithCart(
    <>
      <HeaderCart className="icon" />
      <CartHost />
    </>,
  );
}

beforeEach(() => {
  localStorage.clear();
  act(() => publishCartCount(0));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CartHost', () => {
  it('asks nothing on a first visit: there is no cart to read', async () => {
    const server = fakeCartApi([ring]);
    renderHost();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toEqual([]);
    expect(screen.getByRole('link', { name: 'Carrinho, 0 itens' })).toBeInTheDocument();
  });

  it("reads a returning visitor's cart for the badge", async () => {
    localStorage.setItem(STORAGE_KEYS.anonymousCart, '1');
    const server = fakeCartApi([ring], {
      carts: { anonymous: [createCartItem({ id: 1, quantity: 3 }, ring)], user: [] },
    });
    renderHost();
    expect(await screen.findByRole('link', { name: 'Carrinho, 3 itens' })).toBeInTheDocument();
    expect(cartCalls(server)).toEqual(['GET /anonymous_carts']);
  });

  it("reads a logged-in user's cart", async () => {
    signIn();
    const server = fakeCartApi([ring], {
      carts: { anonymous: [], user: [createCartItem({ id: 1, quantity: 1 }, ring)] },
    });
    renderHost();
    expect(await screen.findByRole('link', { name: 'Carrinho, 1 item' })).toBeInTheDocument();
    expect(cartCalls(server)).toEqual(['GET /carts/current']);
  });

  it('loads the cart on the first add and shows the result modal', async () => {
    const server = fakeCartApi([ring]);
    renderHost();
    act(() => requestAddToCart({ product: ring, quantity: 1, variation: {} }));

    expect(await screen.findByRole('dialog', { name: 'Produto Adicionado!' })).toBeVisible();
    await waitFor(() =>
      expect(
        screen.getByRole('link', { name: 'Carrinho, 1 item', hidden: true }),
      ).toBeInTheDocument(),
    );
    expect(cartCalls(server)).toContain('POST /anonymous_carts/add_item');
    expect(localStorage.getItem(STORAGE_KEYS.anonymousCart)).toBe('1');
  });
});
