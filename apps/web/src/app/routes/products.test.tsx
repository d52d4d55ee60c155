import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { ProductDto } from '@lumina/shared/catalog/product';
import { createProduct } from '../../features/catalog/testing/create-product.ts';
import { renderWithClient, serveApi } from '../../features/catalog/testing/render-with-client.tsx';
import { Component as ProductsPage } from './products.tsx';

function renderPage(route: string, answer: (url: URL) => ProductDto[] | 'error') {
  const requests = serveApi((url) => {
    if (url.pathname !== '/api/products') return undefined;
    const result = answer(url);
    if (result === 'error') return { status: 500, body: { message: 'Erro interno do servidor' } };
    return {
      body: { products: result, total: result.length, page: 1, per_page: 100, total_pages: 1 },
    };
  });
  renderWithClient(
    <Routes>
      <Route path="/produtos" element={<ProductsPage />} />
    </Routes>,
    { route },
  );
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/produtos', () => {
  it('shows 8 skeleton cards, then the products of the search it names', async () => {
    const requests = renderPage('/produtos?search=argola&categoria=Orelha', () => [
      createProduct({ name: 'Argola Lisa' }),
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Carregando produtos' })).getAllByRole('listitem'),
    ).toHaveLength(8);
    expect(await screen.findByRole('heading', { level: 2, name: 'Argola Lisa' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Resultados para “argola”');
    expect(screen.getByLabelText('Categoria')).toHaveValue('orelha');
    const asked = requests[0]!.searchParams;
    expect(asked.get('search')).toBe('argola');
    expect(asked.get('category')).toBe('orelha');
    expect(asked.get('per_page')).toBe('100');
  });

  it('asks again with the chosen category and sort', async () => {
    const user = userEvent.setup();
    const requests = renderPage('/produtos', () => [createProduct({})]);
    await screen.findByText('1 produto');
    await user.selectOptions(screen.getByLabelText('Categoria'), 'Nariz');
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Menor preço');
    await screen.findByText('1 produto');
    const last = requests.at(-1)!.searchParams;
    expect(last.get('category')).toBe('nariz');
    expect(last.get('sort')).toBe('price');
  });

  it('says "Nenhum produto encontrado" when nothing matches', async () => {
    renderPage('/produtos?search=xyz', () => []);
    expect(await screen.findByText('Nenhum produto encontrado')).toBeInTheDocument();
  });

  it('says "Erro ao carregar produtos" and retries', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderPage('/produtos', () =>
      ++calls === 1 ? 'error' : [createProduct({ name: 'Septo Clicker' })],
    );
    expect(await screen.findByText('Erro ao carregar produtos')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Septo Clicker' })).toBeVisible();
  });
});
