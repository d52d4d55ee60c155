import { describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import userEvent from '@testing-library/user-event';
import type { ProductDto } from '@lumina/shared/catalog/product';
import { handleAddToCartRequests } from '../../../lib/cart/cart-events.ts';
import type { AddToCartRequest } from '../../../lib/cart/cart-types.ts';
import { loginDialogChannel } from '../../../lib/ui-events.ts';
import { createProduct, createVariant } from '../testing/create-product.ts';
import { renderWithClient } from '../testing/render-with-client.tsx';
import { ProductCard } from './product-card.tsx';

function renderCard(
  overrides: Partial<ProductDto>,
  eagerImage?: ComponentProps<typeof ProductCard>['eagerImage'],
) {
  const product = createProduct(overrides);
  renderWithClient(<ProductCard product={product} eagerImage={eagerImage} />);
  return screen.getByRole('article');
}

describe('ProductCard', () => {
  it('shows the PIX price first, the price struck through and both discount badges', () => {
    const card = renderCard({
      name: 'Argola Lisa - Tamanho: 8mm',
      price_cents: 10000,
      pix_price_cents: 8000,
    });
    expect(within(card).getByText('SALE 20%')).toBeInTheDocument();
    expect(within(card).getByText('20% OFF!')).toBeInTheDocument();
    expect(within(card).getByText('R$ 100,00').tagName).toBe('S');
    expect(within(card).getByText('R$ 80,00')).toBeInTheDocument();
    expect(within(card).getByText('no PIX')).toBeInTheDocument();
    // Only PIX can be paid: no card, so no instalments are promised.
    expect(within(card).queryByText(/sem juros|\d+x de/)).toBeNull();
    expect(within(card).getByRole('heading', { name: 'Argola Lisa' })).toBeInTheDocument();
    expect(within(card).getByText('8mm')).toBeInTheDocument();
  });

  it('leads a product with options to its page to choose, instead of adding', () => {
    const card = renderCard({
      id: 321,
      name: 'Argola Clicker',
      options: [{ name: 'Cor', values: ['Prata', 'Dourado'] }],
      variants: [
        createVariant({ option_values: { Cor: 'Prata' } }),
        createVariant({ option_values: { Cor: 'Dourado' } }),
      ],
    });
    expect(
      within(card).getByRole('link', { name: 'Escolher opções: Argola Clicker' }),
    ).toHaveAttribute('href', '/produto/321');
    expect(within(card).queryByRole('button', { name: /Adicionar/ })).toBeNull();
  });

  it("leaves out the name's size when the options sell several, keeping a fixed thickness", () => {
    const card = renderCard({
      name: 'Argola Captive - Tamanho: 10mm; Espessura: 1,2mm',
      options: [{ name: 'Diâmetro', values: ['8mm', '10mm'] }],
      variants: [
        createVariant({ option_values: { Diâmetro: '8mm' } }),
        createVariant({ option_values: { Diâmetro: '10mm' } }),
      ],
    });
    expect(within(card).getByText('1,2mm')).toBeInTheDocument();
    expect(within(card).queryByText(/10mm/)).toBeNull();
  });

  it('rounds the discount to a whole percent', () => {
    const card = renderCard({ price_cents: 8990, pix_price_cents: 7990 });
    // (89,90 - 79,90) / 89,90 = 11.12 %
    expect(within(card).getByText('SALE 11%')).toBeInTheDocument();
    expect(within(card).getByText('11% OFF!')).toBeInTheDocument();
  });

  it('shows the plain price without badges or strike when there is no PIX price', () => {
    const card = renderCard({ price_cents: 4590, pix_price_cents: null });
    expect(within(card).getByText('R$ 45,90')).toBeInTheDocument();
    expect(within(card).queryByText(/SALE/)).not.toBeInTheDocument();
    expect(within(card).queryByText(/OFF!/)).not.toBeInTheDocument();
    expect(card.querySelector('s')).toBeNull();
    expect(within(card).queryByText('no PIX')).not.toBeInTheDocument();
  });

  it('shows no discount when the PIX price is not lower than the price', () => {
    const card = renderCard({ price_cents: 4590, pix_price_cents: 4590 });
    expect(within(card).queryByText(/SALE/)).not.toBeInTheDocument();
    expect(card.querySelector('s')).toBeNull();
  });

  it('marks featured products', () => {
    const card = renderCard({ display_status: 'featured' });
    expect(within(card).getByText('Destaque')).toBeInTheDocument();
  });

  it('links the image and the title to the product page, the image with the product name as alt', () => {
    const card = renderCard({ id: 42, name: 'Septo Clicker Dourado' });
    expect(within(card).getByRole('img', { name: 'Septo Clicker Dourado' })).toHaveAttribute(
      'loading',
      'lazy',
    );
    const links = within(card).getAllByRole('link', { name: 'Septo Clicker Dourado' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/produto/42', '/produto/42']);
  });

  it("fetches a list's first picture before the others, and no other card's", () => {
    const first = renderCard({ name: 'Septo Clicker Dourado' }, 'first');
    const image = within(first).getByRole('img', { name: 'Septo Clicker Dourado' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    cleanup();
    const next = renderCard({ name: 'Septo Clicker Dourado' }, true);
    const other = within(next).getByRole('img', { name: 'Septo Clicker Dourado' });
    expect(other).toHaveAttribute('loading', 'eager');
    expect(other).not.toHaveAttribute('fetchpriority');
  });

  it('disables the cart button with "Indisponível" when the product is inactive', () => {
    const card = renderCard({ active: false });
    expect(within(card).getByRole('button', { name: 'Indisponível' })).toBeDisabled();
  });

  it('disables the cart button with "Esgotado" when the stock is gone', () => {
    const card = renderCard({ stock_quantity: 0, stock: 0, stock_status: 'out_of_stock' });
    expect(within(card).getByRole('button', { name: 'Esgotado' })).toBeDisabled();
  });

  it('asks the cart to add one unit of the product', async () => {
    const user = userEvent.setup();
    const requests: AddToCartRequest[] = [];
    const stop = handleAddToCartRequests((request) => requests.push(request));
    const card = renderCard({ id: 31 });
    await user.click(within(card).getByRole('button', { name: 'Adicionar ao carrinho' }));
    stop();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ product: { id: 31 }, quantity: 1, variation: {} });
  });

  it('opens the login dialog from the wishlist heart', async () => {
    const user = userEvent.setup();
    const reasons: string[] = [];
    const stop = loginDialogChannel.subscribe((reason) => reasons.push(reason));
    const card = renderCard({ name: 'Labret Titânio' });
    await user.click(within(card).getByRole('button', { name: /lista de desejos/ }));
    stop();
    expect(reasons).toEqual(['wishlist']);
  });

  it('announces an automatic promotion with its percent and name, the price untouched', () => {
    const card = renderCard({
      price_cents: 10000,
      pix_price_cents: null,
      promotion: {
        id: 4,
        name: 'Semana do Nariz',
        kind: 'percent',
        percent: 12.5,
        description: '12,5% de desconto nos produtos da categoria Nariz.',
        ends_at: null,
      },
    });
    expect(within(card).getByText('-12,5% Semana do Nariz')).toBeVisible();
    // The cart takes it off, with its conditions: the card keeps the shop's price.
    expect(within(card).getByText('R$ 100,00')).toBeVisible();
  });

  it('has no promotion badge without one', () => {
    const card = renderCard({ promotion: null });
    expect(within(card).queryByText(/^-\d/)).toBeNull();
  });
});
