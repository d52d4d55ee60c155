import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { ProductListResponse } from '@lumina/shared/catalog/product';
import { createProduct } from '../../features/catalog/testing/create-product.ts';
import { renderWithClient, serveApi } from '../../features/catalog/testing/render-with-client.tsx';
import { Component as CategoriesPage } from './categories.tsx';

/** The category page keeps the ticked option values in its address (?opcao=Nome:valor). */
const eight = createProduct({ id: 1, name: 'Argola Oito' });
const six = createProduct({ id: 2, name: 'Argola Seis' });

function answer(url: URL): ProductListResponse {
  const chosen = url.searchParams.getAll('opcao');
  const products = chosen.includes('Diâmetro:6 mm')
    ? chosen.includes('Diâmetro:8 mm')
      ? [eight, six]
      : [six]
    : chosen.includes('Diâmetro:8 mm')
      ? [eight]
      : [eight, six];
  return {
    products,
    total: products.length,
    page: 1,
    per_page: 100,
    total_pages: 1,
    sync_stats: { synced: 0, local_only: 2, pending: 0 },
    option_facets: [
      {
        name: 'Diâmetro',
        values: [
          { value: '6 mm', count: 1 },
          { value: '8 mm', count: 1 },
        ],
      },
    ],
  };
}

function serve() {
  return serveApi((url) => {
    if (url.pathname === '/api/products') return { body: answer(url) };
    if (url.pathname === '/api/categories/orelha/subcategories') {
      return { body: { category: 'orelha', subcategories: [] } };
    }
    return undefined;
  });
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{decodeURIComponent(location.search)}</output>;
}

const address = () => screen.getByTestId('address').textContent;
const filters = () => within(screen.getByRole('region', { name: 'Filtros' }));
const cardNames = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/categorias with the option filter', () => {
  it('reads opcao from the address, asks the API for it and writes each change back', async () => {
    const user = userEvent.setup();
    const requests = serve();
    renderWithClient(
      <>
        <CategoriesPage />
        <Address />
      </>,
      { route: '/categorias?categoria=orelha&opcao=Di%C3%A2metro%3A8%20mm' },
    );
    const ticked = await filters().findByRole('checkbox', { name: '8 mm (1)' }, { timeout: 3000 });
    expect(ticked).toBeChecked();
    await waitFor(() => expect(cardNames()).toEqual(['Argola Oito']), { timeout: 3000 });
    const first = requests.find((url) => url.pathname === '/api/products')!;
    expect(first.searchParams.getAll('opcao')).toEqual(['Diâmetro:8 mm']);

    await user.click(filters().getByRole('checkbox', { name: '6 mm (1)' }));
    expect(address()).toBe('?categoria=orelha&opcao=Diâmetro:8+mm&opcao=Diâmetro:6+mm');
    await waitFor(() => expect(cardNames()).toEqual(['Argola Oito', 'Argola Seis']));

    await user.click(filters().getByRole('button', { name: 'Limpar filtros' }));
    expect(address()).toBe('?categoria=orelha');
    expect(filters().getByRole('checkbox', { name: '8 mm (1)' })).not.toBeChecked();
  });
});
