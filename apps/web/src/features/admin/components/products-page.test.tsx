import type { AdminProductRow } from '@lumina/shared/admin/admin-products';
import type { AdminStats } from '@lumina/shared/admin/admin-stats';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../lib/auth/testing/fake-api.ts';
import { renderAdmin, storeLogin } from '../testing/admin-fixtures.tsx';

const STATS: AdminStats = {
  products: {
    total: 48,
    active: 45,
    inactive: 3,
    out_of_stock: 2,
    from_bling: 10,
    pending: 4,
    failed: 1,
  },
  orders: {
    today: 3,
    awaiting_payment: 2,
    paid_not_shipped: 5,
    revenue: { today: 259.8, last_7_days: 1234.5, last_30_days: 5000 },
  },
  customers: { total: 120, new_last_7_days: 7 },
  generated_at: '2026-11-24T12:00:00.000Z',
};

function row(overrides: Partial<AdminProductRow> = {}): AdminProductRow {
  return {
    id: 1,
    name: 'Argola Lua',
    sku: 'ARG-001',
    category: 'orelha',
    subcategory: null,
    price: 57.9,
    price_cents: 5790,
    pix_price: 55.01,
    pix_price_cents: 5501,
    stock_quantity: 8,
    stock_status: 'in_stock',
    active: true,
    display_status: 'visible',
    image: null,
    from_bling: false,
    bling_id: null,
    sync_status: null,
    sync_error: null,
    bling_synced_at: null,
    updated_at: '2026-11-24T12:00:00.000Z',
    variants: [{ id: 1, sku: 'ARG-001', option_values: {}, stock_quantity: 8, active: true }],
    ...overrides,
  };
}

beforeEach(() => {
  localStorage.clear();
  storeLogin();
});
afterEach(() => vi.unstubAllGlobals());

describe('admin products page', () => {
  it('shows the stat cards and the table with the sync column', async () => {
    const requests = fakeApi((request) =>
      request.path.startsWith('/admin/stats')
        ? { body: STATS }
        : {
            body: {
              products: [
                row(),
                row({ id: 2, name: 'Labret Sol', sku: 'LAB-2', from_bling: true, bling_id: '77' }),
                row({
                  id: 3,
                  name: 'Septo',
                  sku: 'SEP-3',
                  sync_status: 'failed',
                  sync_error: 'HTTP 500',
                }),
                row({
                  id: 4,
                  name: 'Nostril',
                  sku: 'NOS-4',
                  sync_status: 'pending',
                  stock_quantity: 0,
                  active: false,
                }),
              ],
              total: 4,
              page: 1,
              per_page: 10,
              total_pages: 1,
            },
          },
    );
    renderAdmin('/admin/produtos');
    // The page's search is a landmark named apart from the header's 'Buscar produtos'.
    expect(screen.getByRole('search', { name: 'Buscar no catálogo' })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Resumo da loja' });
    expect(within(summary).getByText('R$ 259,80')).toBeVisible();
    expect(within(summary).getByText('120')).toBeVisible();
    expect(within(summary).getByText('4 pendentes · 1 com falha')).toBeVisible();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').at(-2)?.textContent)).toEqual([
      'Local',
      'Bling',
      'Falhou',
      'Pendente',
    ]);
    expect(rows[0]).toHaveTextContent('R$ 57,90');
    expect(rows[0]).toHaveTextContent('R$ 55,01');
    expect(rows[3]).toHaveTextContent('Inativo');

    fireEvent.click(screen.getByRole('button', { name: 'Com falha' }));
    await waitFor(() => expect(requests.at(-1)?.path).toBe('/admin/products?filter=failed'));
    fireEvent.change(screen.getByLabelText('Ordenar por'), { target: { value: 'price' } });
    await waitFor(() =>
      expect(requests.at(-1)?.path).toBe('/admin/products?filter=failed&sort=price'),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('filter=failed&sort=price');
  });

  it('says so when the figures cannot be loaded', async () => {
    fakeApi((request) =>
      request.path.startsWith('/admin/stats')
        ? {
            status: 500,
            body: {
              type: 'unexpected',
              code: 'internal_error',
              message: 'Erro interno do servidor. Tente novamente mais tarde.',
            },
          }
        : { body: { products: [], total: 0, page: 1, per_page: 10, total_pages: 1 } },
    );
    renderAdmin('/admin/produtos');
    expect(
      await screen.findByText('Erro interno do servidor. Tente novamente mais tarde.'),
    ).toBeVisible();
    expect(await screen.findByText('Nenhum produto encontrado.')).toBeVisible();
  });
});

describe('product create, edit and delete', () => {
  const emptyList = { products: [], total: 0, page: 1, per_page: 10, total_pages: 1 };

  it('checks the form with the shared schema, then creates the product', async () => {
    const requests = fakeApi((request) => {
      if (request.path.startsWith('/admin/stats')) return { body: STATS };
      if (request.method === 'POST') {
        return { status: 201, body: { product: { id: 99, name: 'Argola Nova' } } };
      }
      return { body: emptyList };
    });
    renderAdmin('/admin/produtos');
    fireEvent.click(await screen.findByRole('button', { name: 'Novo produto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo produto' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Nome é obrigatório')).toBeVisible();
    expect(within(dialog).getByText('Categoria é obrigatória')).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Argola Nova' } });
    fireEvent.change(within(dialog).getByLabelText('Preço (R$)'), { target: { value: '89,90' } });
    fireEvent.change(within(dialog).getByLabelText('Categoria'), { target: { value: 'orelha' } });
    fireEvent.change(within(dialog).getByLabelText('Tamanhos (separados por vírgula)'), {
      target: { value: '8 mm, 10 mm' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Produto criado: Argola Nova')).toBeVisible();
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      path: '/products',
      body: {
        product: {
          name: 'Argola Nova',
          price: '89,90',
          category: 'orelha',
          sizes: ['8 mm', '10 mm'],
        },
      },
    });
  });

  it('previews photos chosen while creating, refuses a wrong file, and sends them once the product exists', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: () => 'blob:previa',
        revokeObjectURL: () => undefined,
      }),
    );
    const requests = fakeApi((request) => {
      if (request.path.startsWith('/admin/stats')) return { body: STATS };
      if (request.method === 'POST' && request.path === '/products') {
        return { status: 201, body: { product: { id: 99, name: 'Argola Foto', images: [] } } };
      }
      if (request.method === 'POST') {
        return {
          status: 201,
          body: {
            product: {
              id: 99,
              name: 'Argola Foto',
              images: ['/uploads/products/0123456789abcdef01234567.webp'],
            },
          },
        };
      }
      return { body: emptyList };
    });
    renderAdmin('/admin/produtos');
    fireEvent.click(await screen.findByRole('button', { name: 'Novo produto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo produto' });
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'argola.png', {
      type: 'image/png',
    });
    const page = new File(['<html></html>'], 'pagina.html', { type: 'text/html' });
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'enorme.jpg', {
      type: 'image/jpeg',
    });
    fireEvent.change(within(dialog).getByLabelText('Adicionar fotos'), {
      target: { files: [photo, page, huge] },
    });
    expect(await within(dialog).findByRole('img', { name: 'Foto 1 (a enviar)' })).toHaveAttribute(
      'src',
      'blob:previa',
    );
    expect(
      within(dialog).getByText('pagina.html: Arquivo inválido: envie uma foto JPEG, PNG ou WebP.'),
    ).toBeVisible();
    expect(within(dialog).getByText('enorme.jpg: A foto deve ter no máximo 5 MB.')).toBeVisible();
    // Nothing is sent before the product exists.
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Argola Foto' } });
    fireEvent.change(within(dialog).getByLabelText('Preço (R$)'), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('Categoria'), { target: { value: 'orelha' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Produto criado: Argola Foto')).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST').map((r) => r.path)).toEqual([
      '/products',
      '/products/99/images',
    ]);
  });

  it('keeps the table it has, with the cache notice, when a reload fails', async () => {
    let failing = false;
    fakeApi((request) => {
      if (failing) return { status: 500, body: {} };
      if (request.path.startsWith('/admin/stats')) return { body: STATS };
      if (request.method === 'POST') {
        failing = true;
        return { status: 201, body: { product: { id: 99, name: 'Argola Nova', images: [] } } };
      }
      return { body: { ...emptyList, products: [row()], total: 1 } };
    });
    renderAdmin('/admin/produtos');
    expect((await screen.findAllByText('Argola Lua')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Novo produto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo produto' });
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Argola Nova' } });
    fireEvent.change(within(dialog).getByLabelText('Preço (R$)'), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('Categoria'), { target: { value: 'orelha' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    // The list and the figures are read again after the write, and both reloads fail.
    await waitFor(() =>
      expect(screen.getAllByText('Usando dados em cache devido ao erro')).toHaveLength(2),
    );
    expect(screen.getAllByText('Argola Lua').length).toBeGreaterThan(0);
  });

  it('shows a taken SKU on its field', async () => {
    fakeApi((request) => {
      if (request.path.startsWith('/admin/stats')) return { body: STATS };
      if (request.method === 'POST') {
        return {
          status: 422,
          body: {
            type: 'invalid_data',
            code: 'sku_taken',
            message: 'SKU já cadastrado',
            fields: { sku: ['SKU já cadastrado'] },
          },
        };
      }
      return { body: emptyList };
    });
    renderAdmin('/admin/produtos');
    fireEvent.click(await screen.findByRole('button', { name: 'Novo produto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo produto' });
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Argola Nova' } });
    fireEvent.change(within(dialog).getByLabelText('Preço (R$)'), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText('Categoria'), { target: { value: 'boca' } });
    fireEvent.change(within(dialog).getByLabelText('SKU (vazio: gerado)'), {
      target: { value: 'ARG-1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('SKU já cadastrado')).toBeVisible();
    expect(within(dialog).getByLabelText('SKU (vazio: gerado)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('deletes after confirmation and says when the product was retired instead', async () => {
    const requests = fakeApi((request) => {
      if (request.path.startsWith('/admin/stats')) return { body: STATS };
      if (request.method === 'DELETE') return { body: { success: true, retired: true } };
      return { body: { ...emptyList, products: [row()], total: 1 } };
    });
    renderAdmin('/admin/produtos');
    fireEvent.click((await screen.findAllByRole('button', { name: 'Excluir Argola Lua' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Excluir produto' });
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(/Argola Lua saiu da loja/)).toBeVisible();
    expect(requests.find((request) => request.method === 'DELETE')?.path).toBe('/products/1');
  });
});
