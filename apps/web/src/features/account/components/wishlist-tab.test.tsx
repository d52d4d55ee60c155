import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleAddToCartRequests } from '../../../lib/cart/cart-events.ts';
import type { AddToCartRequest } from '../../../lib/cart/cart-types.ts';
import {
  createWishlistItem,
  fakeWishlistApi,
  renderWithWishlist,
  signIn,
} from '../../../lib/wishlist/testing/wishlist-fixtures.tsx';
import { WishlistTab } from './wishlist-tab.tsx';

const ARGOLA = createWishlistItem({
  id: 31,
  product_id: 3,
  name: 'Argola Segmentada - Tamanho: 8mm',
  price: 100,
  pix_price: 95,
  image: '/product-images/argola.svg',
  sku: 'ARG-8',
});
const LABRET = createWishlistItem({
  id: 32,
  product_id: 4,
  name: 'Labret Titânio',
  price: 59.9,
  pix_price: 56.91,
});

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('WishlistTab', () => {
  it('lists the saved products with picture, name, price and PIX price', async () => {
    fakeWishlistApi([ARGOLA, LABRET]);
    renderWithWishlist(<WishlistTab />);
    const list = await screen.findByRole('region', { name: 'Lista de Desejos' });
    expect(within(list).getByText('2 produtos salvos')).toBeVisible();
    const card = within(list).getByRole('article', { name: 'Argola Segmentada - Tamanho: 8mm' });
    expect(
      within(card).getByRole('link', { name: 'Argola Segmentada - Tamanho: 8mm' }),
    ).toHaveAttribute('href', '/produto/3');
    expect(card.querySelector('img')).toHaveAttribute('src', '/product-images/argola.svg');
    expect(within(card).getByText('R$ 100,00')).toBeVisible();
    expect(within(card).getByText('R$ 95,00 no PIX')).toBeVisible();
  });

  it('sends a product sold in options to its page to choose one, instead of adding it', async () => {
    fakeWishlistApi([{ ...ARGOLA, has_options: true }]);
    renderWithWishlist(<WishlistTab />);
    const choose = await screen.findByRole('link', {
      name: 'Escolher opções: Argola Segmentada - Tamanho: 8mm',
    });
    expect(choose).toHaveAttribute('href', '/produto/3');
    expect(screen.queryByRole('button', { name: /Adicionar ao carrinho/ })).toBeNull();
  });

  it('removes a product, and says the list is empty once the last one goes', async () => {
    const { requests } = fakeWishlistApi([ARGOLA]);
    renderWithWishlist(<WishlistTab />);
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Remover Argola Segmentada - Tamanho: 8mm da lista de desejos',
      }),
    );
    expect(await screen.findByText('Sua lista de desejos está vazia.')).toBeVisible();
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/wishlist/31' });
  });

  it('puts a product in the cart through the cart, busy until the cart answers', async () => {
    const asked: AddToCartRequest[] = [];
    const stop = handleAddToCartRequests((request) => asked.push(request));
    fakeWishlistApi([ARGOLA]);
    renderWithWishlist(<WishlistTab />);
    const add = await screen.findByRole('button', {
      name: 'Adicionar ao carrinho: Argola Segmentada - Tamanho: 8mm',
    });
    fireEvent.click(add);
    stop();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      product: {
        id: 3,
        name: 'Argola Segmentada - Tamanho: 8mm',
        sku: 'ARG-8',
        price_cents: 10000,
        images: ['/product-images/argola.svg'],
      },
      quantity: 1,
      variation: {},
    });
    expect(add).toHaveTextContent('Adicionando...');
    asked[0]?.onSettled?.({ kind: 'added' });
    await waitFor(() => expect(add).toHaveTextContent('Adicionar ao carrinho'));
  });

  it('offers no cart button for a product that is sold out or no longer sold', async () => {
    fakeWishlistApi([
      createWishlistItem({ product_id: 5, name: 'Esgotado mesmo', stock: 0 }),
      createWishlistItem({ product_id: 6, name: 'Fora de linha', active: false }),
    ]);
    renderWithWishlist(<WishlistTab />);
    const soldOut = await screen.findByRole('article', { name: 'Esgotado mesmo' });
    expect(within(soldOut).getByRole('button', { name: 'Esgotado' })).toBeDisabled();
    const inactive = screen.getByRole('article', { name: 'Fora de linha' });
    expect(within(inactive).getByRole('button', { name: 'Indisponível' })).toBeDisabled();
  });

  it('sends a product with options to its page to choose them, rather than add it here', async () => {
    fakeWishlistApi([
      createWishlistItem({ product_id: 7, name: 'Clicker Estrela', has_options: true }),
    ]);
    renderWithWishlist(<WishlistTab />);
    const item = await screen.findByRole('article', { name: 'Clicker Estrela' });
    expect(
      within(item).getByRole('link', { name: 'Escolher opções: Clicker Estrela' }),
    ).toHaveAttribute('href', '/produto/7');
    expect(within(item).queryByRole('button', { name: /Adicionar ao carrinho/ })).toBeNull();
  });

  it('offers a retry when the list cannot be read', async () => {
    let fail = true;
    fakeWishlistApi([LABRET], (request) =>
      fail && request.path === '/wishlist'
        ? { status: 500, body: { message: 'Erro interno' } }
        : undefined,
    );
    renderWithWishlist(<WishlistTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao carregar lista de desejos');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('article', { name: 'Labret Titânio' })).toBeVisible();
  });
});
