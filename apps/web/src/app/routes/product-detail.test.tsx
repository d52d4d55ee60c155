import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { ProductDto } from '@lumina/shared/catalog/product';
import { createProduct, createVariant } from '../../features/catalog/testing/create-product.ts';
import { productsQueryOptions } from '../../features/catalog/api/get-products.ts';
import {
  createTestQueryClient,
  renderWithClient,
  serveApi,
} from '../../features/catalog/testing/render-with-client.tsx';
import { seedStore } from '../../lib/testing/store-fixture.ts';
import { Component as ProductDetailPage } from './product-detail.tsx';

function renderPage(
  product: ProductDto | null,
  path = `/produto/${product?.id ?? 1}`,
  client = createTestQueryClient(),
) {
  const requests = serveApi((url) => {
    if (product && url.pathname === `/api/products/${product.id}`) return { body: { product } };
    return { status: 404, body: { message: 'Produto não encontrado' } };
  });
  renderWithClient(
    <Routes>
      <Route path="/produto/:id" element={<ProductDetailPage />} />
    </Routes>,
    { route: path, client },
  );
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('product page', () => {
  it('shows the price and the 5% PIX price, no instalments (no card method), and names the page', async () => {
    renderPage(
      createProduct({
        id: 7,
        name: 'Argola Segmentada - Tamanho: 8mm; Espessura: 1,2mm',
        price_cents: 8990,
        pix_price_cents: null,
        stock_quantity: 5,
        stock: 5,
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Argola Segmentada' }),
    ).toBeVisible();
    expect(screen.getByText('R$ 89,90')).toBeInTheDocument();
    expect(screen.queryByText(/sem juros|\d+x de/)).toBeNull();
    // 89,90 less 5% = 85,405, rounded half up to 85,41.
    // Once as the PIX price, once as the total of one unit.
    expect(screen.getAllByText('R$ 85,41')).toHaveLength(2);
    expect(screen.getByText(/5% de desconto/)).toBeInTheDocument();
    expect(screen.getByText('Últimas 5 unidades')).toBeInTheDocument();
    expect(screen.getByText('Espessura')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Argola Segmentada \|/));
  });

  it("shows the PIX price of the settings' discount: 10% off, or none with 0%", async () => {
    const product = createProduct({ id: 8, price_cents: 10000, pix_price_cents: null });
    renderPage(
      product,
      '/produto/8',
      seedStore(createTestQueryClient(), { pix_discount_percent: 10 }),
    );
    expect(await screen.findAllByText('R$ 90,00')).toHaveLength(2);
    expect(screen.getByText(/\(10% de desconto\)/)).toBeInTheDocument();
  });

  it('promises no PIX discount with 0%: the PIX price is the price', async () => {
    const product = createProduct({ id: 9, price_cents: 10000, pix_price_cents: null });
    renderPage(
      product,
      '/produto/9',
      seedStore(createTestQueryClient(), { pix_discount_percent: 0 }),
    );
    expect(await screen.findByText('no PIX')).toBeInTheDocument();
    expect(screen.queryByText(/de desconto/)).toBeNull();
  });

  it('shows the product a list already loaded at once, without a skeleton', () => {
    const product = createProduct({ id: 12, name: 'Nostril Cravejado' });
    const client = createTestQueryClient();
    client.setQueryData(productsQueryOptions({ per_page: 100 }).queryKey, {
      products: [product],
      total: 1,
      page: 1,
      per_page: 100,
      total_pages: 1,
      sync_stats: { synced: 0, local_only: 1, pending: 0 },
      option_facets: [],
    });
    renderPage(product, undefined, client);
    expect(screen.getByRole('heading', { level: 1, name: 'Nostril Cravejado' })).toBeVisible();
  });

  it('clamps the quantity to the stock and totals it', async () => {
    const user = userEvent.setup();
    renderPage(
      createProduct({ id: 8, price_cents: 10000, pix_price_cents: 9000, stock_quantity: 5 }),
    );
    const input = await screen.findByLabelText('Quantidade');
    await user.clear(input);
    await user.type(input, '99');
    expect(input).toHaveValue(5);
    expect(screen.getByText('R$ 450,00')).toBeInTheDocument();
  });

  it('offers no WhatsApp purchase when the shop has no WhatsApp', async () => {
    const client = seedStore(createTestQueryClient(), { whatsapp: '' });
    renderPage(createProduct({ id: 11, name: 'Labret Titânio' }), undefined, client);
    expect(await screen.findByRole('button', { name: /Comprar/ })).toBeVisible();
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });

  it('prepares the WhatsApp message with the chosen variant and quantity', async () => {
    const user = userEvent.setup();
    renderPage(
      createProduct({
        id: 9,
        name: 'Labret Titânio',
        sku: 'BOC-9',
        options: [{ name: 'Tamanho', values: ['6mm', '8mm'] }],
        variants: [
          createVariant({
            id: 91,
            sku: 'BOC-9-6',
            option_values: { Tamanho: '6mm' },
            stock_quantity: 3,
          }),
          createVariant({
            id: 92,
            sku: 'BOC-9-8',
            option_values: { Tamanho: '8mm' },
            stock_quantity: 3,
          }),
        ],
        stock_quantity: 6,
      }),
    );
    await user.click(await screen.findByRole('radio', { name: /8mm/ }));
    expect(screen.getByRole('radio', { name: /8mm/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Adicionar uma unidade' }));
    const link = screen.getByRole('link', { name: /Comprar pelo WhatsApp/ });
    const url = new URL(link.getAttribute('href')!);
    expect(url.hostname).toBe('wa.me');
    const text = url.searchParams.get('text')!;
    expect(text).toContain('Labret Titânio (SKU BOC-9-8)');
    expect(text).toContain('Tamanho: 8mm');
    expect(text).toContain('Quantidade: 2');
    expect(text).toContain('/produto/9?variante=BOC-9-8');
  });

  it('says "a partir de" the cheapest variant until the choice names one', async () => {
    const user = userEvent.setup();
    renderPage(
      createProduct({
        id: 12,
        name: 'Clicker Material',
        price_cents: 5000,
        options: [{ name: 'Material', values: ['Titânio', 'Ouro 18k'] }],
        variants: [
          createVariant({
            id: 121,
            sku: 'CM-T',
            option_values: { Material: 'Titânio' },
            price_cents: 6000,
          }),
          createVariant({
            id: 122,
            sku: 'CM-O',
            option_values: { Material: 'Ouro 18k' },
            price_cents: 43900,
          }),
        ],
      }),
    );
    const price = await screen.findByText('a partir de');
    expect(price.parentElement).toHaveTextContent('a partir de R$ 60,00');
    await user.click(screen.getByRole('radio', { name: /Ouro 18k/ }));
    expect(screen.queryByText('a partir de')).toBeNull();
    expect(screen.getByText('R$ 439,00')).toBeVisible();
  });

  it('marks an inactive product as unavailable', async () => {
    renderPage(createProduct({ id: 11, active: false, category: 'nariz' }));
    expect(await screen.findByRole('button', { name: 'Indisponível' })).toBeDisabled();
    // A retired product points to what is sold now in its category.
    expect(screen.getByRole('link', { name: 'Ver outras peças para nariz' })).toHaveAttribute(
      'href',
      '/categorias?categoria=nariz',
    );
  });

  it('says "Produto não encontrado" when the API has no such product', async () => {
    renderPage(null, '/produto/404');
    expect(await screen.findByRole('heading', { name: 'Produto não encontrado' })).toBeVisible();
  });

  it('says "Produto não encontrado" for an id that is not a number, without asking the API', async () => {
    const requests = renderPage(null, '/produto/abc');
    expect(await screen.findByRole('heading', { name: 'Produto não encontrado' })).toBeVisible();
    expect(requests).toHaveLength(0);
  });
});
