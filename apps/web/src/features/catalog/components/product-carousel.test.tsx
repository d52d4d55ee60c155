import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createProduct } from '../testing/create-product.ts';
import { renderWithClient, serveApi } from '../testing/render-with-client.tsx';
import { ProductCarousel } from './product-carousel.tsx';

const products = [
  createProduct({ id: 1, name: 'Argola Dourada', display_status: 'featured' }),
  createProduct({ id: 2, name: 'Labret Titânio' }),
  createProduct({ id: 3, name: 'Septo Clicker' }),
];

// jsdom does no layout and has no element scrolling; the carousel only needs scrollTo to exist.
const scrollTo = vi.fn();

beforeEach(() => {
  scrollTo.mockClear();
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', { value: scrollTo, configurable: true });
  serveApi((url) =>
    url.pathname === '/api/products'
      ? { body: { products, total: 3, page: 1, per_page: 12, total_pages: 1 } }
      : undefined,
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
});

describe('ProductCarousel', () => {
  it('shows the products with "Ver mais" links, the Destaque badge and a link to all products', async () => {
    renderWithClient(<ProductCarousel />);
    const region = screen.getByRole('region', { name: 'Produtos em destaque' });
    expect(
      await within(region).findByRole('link', { name: 'Ver mais: Argola Dourada' }),
    ).toHaveAttribute('href', '/produto/1');
    expect(within(region).getAllByText('Destaque')).toHaveLength(1);
    expect(within(region).getByRole('link', { name: 'Ver mais produtos' })).toHaveAttribute(
      'href',
      '/produtos',
    );
  });

  it('advances on its own, and not while the pointer rests on it or after pausing', async () => {
    const user = userEvent.setup();
    renderWithClient(<ProductCarousel intervalMs={40} />);
    await screen.findByText('Labret Titânio');
    await waitFor(() => expect(scrollTo).toHaveBeenCalled());

    const region = screen.getByRole('region', { name: 'Produtos em destaque' });
    fireEvent.mouseEnter(region);
    scrollTo.mockClear();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(scrollTo).not.toHaveBeenCalled();

    fireEvent.mouseLeave(region);
    await user.click(screen.getByRole('button', { name: 'Pausar carrossel de produtos' }));
    fireEvent.blur(region);
    scrollTo.mockClear();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(
      screen.getByRole('button', { name: 'Retomar carrossel de produtos' }),
    ).toBeInTheDocument();
  });

  it('moves with the previous and next buttons', async () => {
    const user = userEvent.setup();
    renderWithClient(<ProductCarousel intervalMs={60_000} />);
    await screen.findByText('Labret Titânio');
    await user.click(screen.getByRole('button', { name: 'Próximos produtos' }));
    await user.click(screen.getByRole('button', { name: 'Produtos anteriores' }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
