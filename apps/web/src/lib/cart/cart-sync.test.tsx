import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../storage-keys.ts';
import { toastChannel, type ToastMessage } from '../ui-events.ts';
import { requestAddToCart, useCartCount } from './cart-events.ts';
import { useCartSync } from './cart-sync.ts';
import type { AddToCartResult, CartProduct } from './cart-types.ts';
import {
  cartCalls,
  createCartItem,
  createCartProduct,
  fakeCartApi,
  renderWithCart,
  signIn,
  storedLocalCart,
} from './testing/cart-fixtures.tsx';
import { useCart } from './use-cart.ts';
import { useCartActions } from './use-cart-actions.ts';

let results: AddToCartResult[] = [];
let toasts: ToastMessage[] = [];
let stopToasts: () => void = () => undefined;

function CartProbe() {
  useCartSync((result) => results.push(result));
  const { cart } = useCart();
  const count = useCartCount();
  const actions = useCartActions();
  return (
    <div>
      <p>itens: {count}</p>
      <ul>
        {cart.items.map((line) => (
          <li key={line.id}>
            {line.name} x{line.quantity}
            {line.local ? ' (local)' : ''}
            <button type="button" onClick={() => void actions.setQuantity(line, 0)}>
              zerar {line.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function add(product: CartProduct, quantity: number, variation = {}) {
  act(() => requestAddToCart({ product, quantity, variation }));
}

async function lastOutcome() {
  await waitFor(() => expect(results.length).toBeGreaterThan(0));
  return results[results.length - 1]?.outcome;
}

beforeEach(() => {
  localStorage.clear();
  results = [];
  toasts = [];
  stopToasts = toastChannel.subscribe((toast) => toasts.push(toast));
});

afterEach(() => {
  stopToasts();
  vi.unstubAllGlobals();
});

describe("the server's word on a dropped coupon", () => {
  it('is a toast on a page without the coupon field, said once', async () => {
    const ring = createCartProduct({ id: 1, name: 'Argola Lisa' });
    const notice = 'O cupom BEMVINDA10 foi removido: Cupom expirado';
    fakeCartApi([ring], {
      carts: { anonymous: [createCartItem({ id: 11 }, ring)], user: [] },
      coupons: {},
      notice,
    });
    localStorage.setItem(STORAGE_KEYS.anonymousCart, '1');
    renderWithCart(<CartProbe />);
    await waitFor(() => expect(toasts.map((toast) => toast.message)).toEqual([notice]));
    fireEvent.click(screen.getByRole('button', { name: 'zerar Argola Lisa' }));
    await waitFor(() => expect(screen.queryByText(/Argola Lisa x1/)).toBeNull());
    expect(toasts.map((toast) => toast.message)).toEqual([notice]);
  });
});

describe('the anonymous cart', () => {
  it("adds to the visitor's server cart, the variation flat in the body", async () => {
    const ring = createCartProduct({ id: 1, name: 'Argola Lisa' });
    const server = fakeCartApi([ring]);
    // Raised before the cart's code is there: it waits for it.
    requestAddToCart({ product: ring, quantity: 2, variation: { size: '8mm' } });
    renderWithCart(<CartProbe />);

    expect(await screen.findByText(/Argola Lisa x2/)).toBeInTheDocument();
    expect(await lastOutcome()).toEqual({ kind: 'added' });
    const post = server.requests.find((r) => r.path === '/anonymous_carts/add_item');
    expect(post?.body).toEqual({ product_id: 1, quantity: 2, size: '8mm' });
    expect(post?.headers['X-Session-ID']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText('itens: 2')).toBeInTheDocument();
    // The next visit knows there is a cart to read.
    expect(localStorage.getItem(STORAGE_KEYS.anonymousCart)).toBe('1');
  });

  it('removes a line asked for quantity 0', async () => {
    const ring = createCartProduct({ id: 2, name: 'Labret' });
    const server = fakeCartApi([ring], {
      carts: { anonymous: [createCartItem({ id: 7, quantity: 2 }, ring)], user: [] },
    });
    renderWithCart(<CartProbe />);
    fireEvent.click(await screen.findByRole('button', { name: 'zerar Labret' }));

    await waitFor(() => expect(screen.queryByText(/Labret x/)).not.toBeInTheDocument());
    expect(cartCalls(server)).toContain('DELETE /anonymous_carts/remove_item');
    expect(server.requests.at(-1)?.body).toEqual({ item_id: 7 });
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.anonymousCart)).toBeNull());
  });

  it("says so when a line cannot be changed, with the catalogue's message", async () => {
    const ring = createCartProduct({ id: 12, name: 'Piercing Tragus' });
    const server = fakeCartApi([ring], {
      carts: { anonymous: [createCartItem({ id: 13, quantity: 1 }, ring)], user: [] },
    });
    renderWithCart(<CartProbe />);
    const zero = await screen.findByRole('button', { name: 'zerar Piercing Tragus' });
    server.mode = 'down';
    fireEvent.click(zero);
    await waitFor(() =>
      expect(toasts.map((toast) => toast.message)).toEqual(['Erro ao remover item']),
    );
    expect(screen.getByText(/Piercing Tragus x1/)).toBeInTheDocument();
  });

  it('answers a stock refusal with what may still be added', async () => {
    const ring = createCartProduct({ id: 3, stock_quantity: 5 });
    fakeCartApi([ring], {
      carts: { anonymous: [createCartItem({ id: 8, quantity: 4 }, ring)], user: [] },
    });
    renderWithCart(<CartProbe />);
    await screen.findByText(/x4/);
    add(ring, 3);

    expect(await lastOutcome()).toEqual({
      kind: 'insufficient-stock',
      message: 'Quantidade solicitada (7) excede o estoque disponível (5 unidades)',
      allowed: 1,
    });
  });
});

describe('the local fallback', () => {
  it('keeps adds in this browser when the server fails, refusing more than the stock', async () => {
    const ring = createCartProduct({ id: 4, name: 'Septo', stock_quantity: 5 });
    fakeCartApi([ring], { mode: 'down' });
    renderWithCart(<CartProbe />);
    add(ring, 3, { color: 'Dourado' });

    expect(await screen.findByText(/Septo x3 \(local\)/)).toBeInTheDocument();
    expect(await lastOutcome()).toEqual({ kind: 'added' });
    expect(storedLocalCart()).toMatchObject([
      { product_id: 4, quantity: 3, variation_details: { color: 'Dourado' } },
    ]);

    add(ring, 3, { color: 'Dourado' });
    await waitFor(() => expect(results).toHaveLength(2));
    expect(results[1]?.outcome).toEqual({
      kind: 'insufficient-stock',
      message: 'Quantidade solicitada (6) excede o estoque disponível (5 unidades)',
      allowed: 2,
    });
    expect(storedLocalCart()[0]?.quantity).toBe(3);
  });

  it('shows the local lines when the cart cannot be read', async () => {
    localStorage.setItem(
      STORAGE_KEYS.localCart,
      JSON.stringify([
        { ...createCartItem({ id: -1, name: 'Nostril', quantity: 2 }), local: true },
      ]),
    );
    fakeCartApi([], { mode: 'down' });
    renderWithCart(<CartProbe />);
    expect(await screen.findByText(/Nostril x2 \(local\)/)).toBeInTheDocument();
    expect(screen.getByText('itens: 2')).toBeInTheDocument();
  });

  it('refuses a local quantity above the stock with the same message', async () => {
    localStorage.setItem(
      STORAGE_KEYS.localCart,
      JSON.stringify([
        { ...createCartItem({ id: -1, name: 'Tragus', quantity: 2, stock: 2 }), local: true },
      ]),
    );
    fakeCartApi([], { mode: 'down' });
    renderWithCart(<LocalPlus />);
    fireEvent.click(await screen.findByRole('button', { name: 'mais Tragus' }));
    await waitFor(() =>
      expect(toasts.map((toast) => toast.message)).toEqual([
        'Quantidade solicitada (3) excede o estoque disponível (2 unidades)',
      ]),
    );
    expect(storedLocalCart()[0]?.quantity).toBe(2);
  });
});

function LocalPlus() {
  const { cart } = useCart();
  const actions = useCartActions();
  return cart.items.map((line) => (
    <button key={line.id} type="button" onClick={() => void actions.setQuantity(line, 3)}>
      mais {line.name}
    </button>
  ));
}

describe('authentication changes', () => {
  it("reads the user's cart after the login and sends the local lines to it", async () => {
    const ring = createCartProduct({ id: 5, name: 'Argola Segmentada' });
    const server = fakeCartApi([ring], { mode: 'down' });
    const { session } = renderWithCart(<CartProbe />);
    add(ring, 1, { size: '10mm' });
    expect(await screen.findByText(/Argola Segmentada x1 \(local\)/)).toBeInTheDocument();

    server.mode = 'up';
    await act(() => session.login({ email: 'ana@exemplo.com', password: 'Piercing2025' }));

    expect(await screen.findByText('Argola Segmentada x1')).toBeInTheDocument();
    const afterLogin = cartCalls(server).slice(cartCalls(server).indexOf('GET /carts/current'));
    // The add answers with the cart: nothing more to read.
    expect(afterLogin).toEqual(['GET /carts/current', 'POST /carts/items']);
    const post = server.requests.find((r) => r.path === '/carts/items');
    expect(post?.body).toEqual({
      product_id: 5,
      quantity: 1,
      variation_details: { size: '10mm' },
    });
    expect(post?.headers.Authorization).toMatch(/^Bearer /);
    expect(storedLocalCart()).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.localCart)).toBeNull();
  });

  it("shows the visitor's lines in the user's cart once the server has merged them", async () => {
    const ring = createCartProduct({ id: 6, name: 'Barbell' });
    const server = fakeCartApi([ring], {
      carts: { anonymous: [createCartItem({ id: 9, quantity: 2 }, ring)], user: [] },
    });
    const { session } = renderWithCart(<CartProbe />);
    expect(await screen.findByText('Barbell x2')).toBeInTheDocument();

    await act(() => session.login({ email: 'ana@exemplo.com', password: 'Piercing2025' }));
    await waitFor(() => expect(cartCalls(server)).toContain('GET /carts/current'));
    expect(await screen.findByText('Barbell x2')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.anonymousCart)).toBeNull());
  });

  it("reads the visitor's cart again after a logout", async () => {
    signIn();
    const ring = createCartProduct({ id: 7, name: 'Tunnel' });
    const server = fakeCartApi([ring], {
      carts: { anonymous: [], user: [createCartItem({ id: 10, quantity: 1 }, ring)] },
      other: ({ path }) => (path === '/auth/logout' ? { body: {} } : undefined),
    });
    const { session } = renderWithCart(<CartProbe />);
    expect(await screen.findByText('Tunnel x1')).toBeInTheDocument();

    await act(() => session.logout());
    await waitFor(() => expect(screen.queryByText('Tunnel x1')).not.toBeInTheDocument());
    expect(cartCalls(server)).toEqual(['GET /carts/current', 'GET /anonymous_carts']);
    expect(screen.getByText('itens: 0')).toBeInTheDocument();
  });
});

describe('variants', () => {
  const diameters = { Diâmetro: '8 mm' };

  it('sends the chosen variant with the add, to either cart', async () => {
    const ring = createCartProduct({ id: 11, variants: [{ id: 111 }, { id: 112 }] });
    const server = fakeCartApi([ring]);
    renderWithCart(<CartProbe />);
    act(() =>
      requestAddToCart({
        product: ring,
        variant: { id: 112, option_values: diameters },
        quantity: 1,
        variation: { size: '8 mm' },
      }),
    );
    expect(await lastOutcome()).toEqual({ kind: 'added' });
    expect(server.requests.find((r) => r.path === '/anonymous_carts/add_item')?.body).toEqual({
      product_id: 11,
      variant_id: 112,
      quantity: 1,
      size: '8 mm',
    });
  });

  it("sends a user's add with its variant, and a product's only variant when none was chosen", async () => {
    signIn();
    const single = createCartProduct({ id: 12, variants: [{ id: 121 }] });
    const server = fakeCartApi([single]);
    renderWithCart(<CartProbe />);
    add(single, 2);
    expect(await lastOutcome()).toEqual({ kind: 'added' });
    expect(server.requests.find((r) => r.path === '/carts/items')?.body).toEqual({
      product_id: 12,
      variant_id: 121,
      quantity: 2,
      variation_details: {},
    });
  });

  it('keeps one local line per product and variant', async () => {
    const ring = createCartProduct({
      id: 13,
      name: 'Clicker',
      variants: [{ id: 131 }, { id: 132 }],
    });
    fakeCartApi([ring], { mode: 'down' });
    renderWithCart(<CartProbe />);
    const addVariant = (id: number, diameter: string) =>
      act(() =>
        requestAddToCart({
          product: ring,
          variant: { id, option_values: { Diâmetro: diameter } },
          quantity: 1,
          variation: { size: diameter },
        }),
      );
    addVariant(131, '6 mm');
    await waitFor(() => expect(results).toHaveLength(1));
    addVariant(132, '8 mm');
    await waitFor(() => expect(results).toHaveLength(2));
    addVariant(131, '6 mm');
    await waitFor(() => expect(results).toHaveLength(3));

    expect(storedLocalCart()).toMatchObject([
      { product_id: 13, variant_id: 131, option_values: { Diâmetro: '6 mm' }, quantity: 2 },
      { product_id: 13, variant_id: 132, option_values: { Diâmetro: '8 mm' }, quantity: 1 },
    ]);
  });

  it('reads a line stored before variants as the only variant of its product', async () => {
    const single = createCartProduct({ id: 14, name: 'Labret', variants: [{ id: 141 }] });
    const several = createCartProduct({
      id: 15,
      name: 'Tunnel',
      variants: [{ id: 151 }, { id: 152 }],
    });
    const old = (id: number, product: CartProduct) => {
      const {
        variant_id: _variant,
        option_values: _values,
        ...line
      } = createCartItem({ id, quantity: 1 }, product);
      return { ...line, local: true };
    };
    localStorage.setItem(
      STORAGE_KEYS.localCart,
      JSON.stringify([old(-1, single), old(-2, several)]),
    );
    fakeCartApi([single, several], { mode: 'down' });
    renderWithCart(<CartProbe />);
    expect(await screen.findByText(/Labret x1 \(local\)/)).toBeInTheDocument();

    add(single, 1);
    await waitFor(() => expect(results).toHaveLength(1));
    act(() =>
      requestAddToCart({
        product: several,
        variant: { id: 152, option_values: { Diâmetro: '10 mm' } },
        quantity: 1,
        variation: {},
      }),
    );
    await waitFor(() => expect(results).toHaveLength(2));

    // The single-variant product's old line took the add; the other's stays apart from a variant.
    expect(storedLocalCart()).toMatchObject([
      { id: -1, product_id: 14, variant_id: 141, quantity: 2 },
      { id: -2, product_id: 15, quantity: 1 },
      { id: -3, product_id: 15, variant_id: 152, quantity: 1 },
    ]);
    expect(storedLocalCart()[1]?.variant_id).toBeNull();
  });

  it('sends a line stored before variants without a variant, for the server to place', async () => {
    const single = createCartProduct({ id: 16, name: 'Piercing Antigo' });
    const {
      variant_id: _variant,
      option_values: _values,
      ...line
    } = createCartItem({ id: 1, quantity: 1 }, single);
    localStorage.setItem(
      STORAGE_KEYS.localCart,
      JSON.stringify([{ ...line, id: -1, local: true }]),
    );
    const server = fakeCartApi([single]);
    renderWithCart(<CartProbe />);
    expect(await screen.findByText('Piercing Antigo x1')).toBeInTheDocument();
    expect(server.requests.find((r) => r.path === '/anonymous_carts/add_item')?.body).toEqual({
      product_id: 16,
      quantity: 1,
    });
  });
});
