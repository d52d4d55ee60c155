import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductDto, ProductListResponse } from '@lumina/shared/catalog/product';
import { createProduct } from '../testing/create-product.ts';
import { renderWithClient, serveApi } from '../testing/render-with-client.tsx';
import { CategoryBrowser } from './category-browser.tsx';

const products: ProductDto[] = [
  createProduct({
    id: 1,
    name: 'Argola Lisa',
    subcategory: 'Argolas',
    price_cents: 4990,
    sizes: ['8mm', '10mm'],
    measures: ['1,2mm'],
  }),
  createProduct({
    id: 2,
    name: 'Tragus Ponto de Luz',
    subcategory: 'Tragus',
    price_cents: 12000,
    pix_price_cents: 9900,
    sizes: ['6mm'],
    measures: ['1,0mm'],
  }),
  createProduct({
    id: 3,
    name: 'Helix Cravejado',
    subcategory: 'Helix',
    price_cents: 21000,
    sizes: ['8mm'],
    measures: ['1,2mm'],
  }),
];

function list(items: ProductDto[]): ProductListResponse {
  return {
    products: items,
    total: items.length,
    page: 1,
    per_page: 100,
    total_pages: 1,
    sync_stats: { synced: 0, local_only: items.length, pending: 0 },
    option_facets: [],
  };
}

function serveCatalogue(options: { failFirst?: boolean } = {}) {
  let failures = options.failFirst ? 1 : 0;
  return serveApi((url) => {
    if (url.pathname === '/api/products') {
      if (failures > 0) {
        failures -= 1;
        return { status: 500, body: { message: 'Erro interno' } };
      }
      return { body: list(products) };
    }
    if (url.pathname === '/api/categories/orelha/subcategories') {
      return {
        body: {
          category: 'orelha',
          subcategories: [
            { name: 'Argolas', product_count: 1 },
            { name: 'Helix', product_count: 1 },
            { name: 'Tragus', product_count: 1 },
          ],
        },
      };
    }
    return undefined;
  });
}

const filters = () => within(screen.getByRole('region', { name: 'Filtros' }));
const counter = () => screen.getByText(/produtos? encontrados?$/);
const cardNames = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

async function renderLoaded() {
  const requests = serveCatalogue();
  renderWithClient(<CategoryBrowser category="orelha" extraSpinnerMs={0} />);
  await screen.findByText('3 produtos encontrados');
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CategoryBrowser', () => {
  it('asks for the whole category and keeps the spinner 800 ms after the products arrive', async () => {
    const requests = serveCatalogue();
    renderWithClient(<CategoryBrowser category="orelha" />);
    const spinner = () =>
      screen.queryByText('Carregando produtos...', { selector: '[role=status] *' });
    expect(spinner()).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.some((url) => url.pathname === '/api/products')).toBe(true),
    );
    const started = performance.now();
    await screen.findByText('3 produtos encontrados', undefined, { timeout: 3000 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(700);
    expect(spinner()).not.toBeInTheDocument();
    const productRequest = requests.find((url) => url.pathname === '/api/products')!;
    expect(productRequest.searchParams.get('category')).toBe('orelha');
    expect(productRequest.searchParams.get('per_page')).toBe('100');
  });

  it('sorts by name A-Z by default and by price on request', async () => {
    const user = userEvent.setup();
    await renderLoaded();
    expect(cardNames()).toEqual(['Argola Lisa', 'Helix Cravejado', 'Tragus Ponto de Luz']);
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Maior preço');
    expect(cardNames()).toEqual(['Helix Cravejado', 'Tragus Ponto de Luz', 'Argola Lisa']);
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Menor preço');
    expect(cardNames()).toEqual(['Argola Lisa', 'Tragus Ponto de Luz', 'Helix Cravejado']);
  });

  it('filters by price range on the displayed price and pluralises the counter', async () => {
    const user = userEvent.setup();
    await renderLoaded();
    await user.click(filters().getByRole('checkbox', { name: 'Até R$ 50' }));
    expect(counter()).toHaveTextContent('1 produto encontrado');
    expect(cardNames()).toEqual(['Argola Lisa']);
    // The tragus costs 120,00 but shows 99,00 by PIX: it belongs to 50-100.
    await user.click(filters().getByRole('checkbox', { name: 'R$ 50 a R$ 100' }));
    expect(counter()).toHaveTextContent('2 produtos encontrados');
    expect(cardNames()).toEqual(['Argola Lisa', 'Tragus Ponto de Luz']);
  });

  it('filters by the subcategories of the endpoint', async () => {
    const user = userEvent.setup();
    await renderLoaded();
    await user.click(await filters().findByRole('checkbox', { name: /Helix/ }));
    expect(cardNames()).toEqual(['Helix Cravejado']);
    await user.click(filters().getByRole('checkbox', { name: /Tragus/ }));
    expect(counter()).toHaveTextContent('2 produtos encontrados');
  });

  it('ORs sizes and ANDs them with other kinds', async () => {
    const user = userEvent.setup();
    await renderLoaded();
    await user.click(filters().getByRole('checkbox', { name: '6mm' }));
    await user.click(filters().getByRole('checkbox', { name: '10mm' }));
    expect(cardNames()).toEqual(['Argola Lisa', 'Tragus Ponto de Luz']);
    await user.click(filters().getByRole('checkbox', { name: '1,0mm' }));
    expect(cardNames()).toEqual(['Tragus Ponto de Luz']);
  });

  it('says so when nothing matches and clears every filter at once', async () => {
    const user = userEvent.setup();
    await renderLoaded();
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Maior preço');
    await user.click(filters().getByRole('checkbox', { name: 'Acima de R$ 200' }));
    await user.click(filters().getByRole('checkbox', { name: '6mm' }));
    expect(
      screen.getByText('Nenhum produto encontrado com os filtros selecionados.'),
    ).toBeInTheDocument();
    expect(counter()).toHaveTextContent('0 produtos encontrados');

    await user.click(filters().getByRole('button', { name: 'Limpar filtros' }));
    expect(counter()).toHaveTextContent('3 produtos encontrados');
    expect(filters().getByRole('checkbox', { name: 'Acima de R$ 200' })).not.toBeChecked();
    expect(filters().getByRole('checkbox', { name: '6mm' })).not.toBeChecked();
    expect(screen.getByLabelText('Ordenar por')).toHaveValue('name');
  });

  it('offers a retry after a failure', async () => {
    const user = userEvent.setup();
    serveCatalogue({ failFirst: true });
    renderWithClient(<CategoryBrowser category="orelha" extraSpinnerMs={0} />);
    expect(
      await screen.findByText('Erro ao carregar produtos. Tente novamente.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar Novamente' }));
    expect(await screen.findByText('3 produtos encontrados')).toBeInTheDocument();
  });

  it('toggles the filter panel with the mobile button', async () => {
    const user = userEvent.setup();
    await renderLoaded();
    const toggle = screen.getByRole('button', { name: 'Mostrar filtros' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Ocultar filtros' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});
