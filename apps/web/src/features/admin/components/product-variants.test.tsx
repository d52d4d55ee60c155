import { ADMIN_PRODUCT_MESSAGES } from '@lumina/shared/admin/product-form-schema';
import type { AdminProductRow } from '@lumina/shared/admin/admin-products';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '../../../lib/auth/testing/fake-api.ts';
import {
  createAdminProduct,
  createDetail,
  createVariant,
  renderAdmin,
  storeLogin,
} from '../testing/admin-fixtures.tsx';

const emptyList = { products: [], total: 0, page: 1, per_page: 10, total_pages: 1 };

function row(overrides: Partial<AdminProductRow> & { variants?: unknown[] } = {}) {
  return {
    id: 1,
    name: 'Clicker Argola',
    sku: 'CLK',
    category: 'orelha',
    subcategory: null,
    price: 59.9,
    price_cents: 5990,
    pix_price: 56.91,
    pix_price_cents: 5691,
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
    ...overrides,
  };
}

/** A clicker sold in two gauges, each with its own SKU and stock, the 8 mm dearer. */
const CLICKER = createAdminProduct({
  name: 'Clicker Argola',
  sku: 'CLK',
  price: 59.9,
  price_cents: 5990,
  images: ['/uploads/products/aaaaaaaaaaaaaaaaaaaaaaaa.webp'],
  options: [{ name: 'Diâmetro', values: ['6 mm', '8 mm'] }],
  variants: [
    createVariant({
      id: 5,
      sku: 'CLK-6MM',
      option_values: { Diâmetro: '6 mm' },
      stock_quantity: 3,
    }),
    createVariant({
      id: 6,
      sku: 'CLK-8MM',
      option_values: { Diâmetro: '8 mm' },
      stock_quantity: 0,
      price: 62.9,
      price_cents: 6290,
    }),
  ],
});

function api(answerWrite: (request: FakeRequest) => { status?: number; body?: unknown }) {
  return fakeApi((request) => {
    if (request.path.startsWith('/admin/stats')) return { status: 500, body: {} };
    if (request.path === '/admin/products/1') return { body: { product: CLICKER } };
    if (request.method === 'POST' || request.method === 'PUT') return answerWrite(request);
    return { body: { ...emptyList, products: [row({ variants: CLICKER.variants })], total: 1 } };
  });
}

async function openEdit() {
  renderAdmin('/admin/produtos');
  fireEvent.click((await screen.findAllByRole('button', { name: 'Editar Clicker Argola' }))[0]!);
  return screen.findByRole('dialog', { name: 'Editar produto' });
}

const writes = (requests: FakeRequest[]) =>
  requests.filter((request) => request.method === 'POST' || request.method === 'PUT');

beforeEach(() => {
  localStorage.clear();
  storeLogin();
});
afterEach(() => vi.unstubAllGlobals());

describe('product form: options and variants', () => {
  it("moves a value earlier with a worded 'Antes' button that names both values", async () => {
    api(() => ({ body: {} }));
    const dialog = await openEdit();
    const values = within(dialog).getByRole('list', { name: 'Valores de Diâmetro' });
    const [six, eight] = within(values).getAllByRole('listitem');
    // The first value has nowhere earlier to go; the next one says where it goes, in words.
    expect(within(six!).queryByRole('button', { name: /^Mover/ })).toBeNull();
    const move = within(eight!).getByRole('button', { name: 'Mover 8 mm para antes de 6 mm' });
    expect(move).toHaveTextContent('Antes');
    fireEvent.click(move);
    const reordered = within(values).getAllByRole('listitem');
    expect(reordered.map((item) => item.firstChild?.textContent)).toEqual(['8 mm', '6 mm']);
    expect(
      within(reordered[1]!).getByRole('button', { name: 'Mover 6 mm para antes de 8 mm' }),
    ).toBeVisible();
  });

  it('looks as before without options: one SKU and one stock field', async () => {
    const requests = fakeApi((request) => {
      if (request.path.startsWith('/admin/stats')) return { status: 500, body: {} };
      if (request.method === 'POST')
        return { status: 201, body: { product: { id: 9, name: 'X' } } };
      return { body: emptyList };
    });
    renderAdmin('/admin/produtos');
    fireEvent.click(await screen.findByRole('button', { name: 'Novo produto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo produto' });
    expect(within(dialog).getByLabelText('SKU (vazio: gerado)')).toBeVisible();
    expect(within(dialog).getByLabelText('Estoque')).toBeVisible();
    expect(within(dialog).queryAllByRole('group', { name: /^Variante/ })).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'X' } });
    fireEvent.change(within(dialog).getByLabelText('Preço (R$)'), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText('Categoria'), { target: { value: 'orelha' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Produto criado: X');
    const body = (writes(requests)[0]?.body as { product: Record<string, unknown> }).product;
    expect(body.options).toEqual([]);
    expect(body).not.toHaveProperty('variants');
  });

  // A long form filled key by key: seconds on a busy CI machine.
  it('generates the grid from the options, with suggested SKUs, bulk stock, and sends it', async () => {
    const requests = fakeApi((request) => {
      if (request.path.startsWith('/admin/stats')) return { status: 500, body: {} };
      if (request.method === 'POST') {
        return { status: 201, body: { product: { id: 9, name: 'Clicker' } } };
      }
      return { body: emptyList };
    });
    renderAdmin('/admin/produtos');
    fireEvent.click(await screen.findByRole('button', { name: 'Novo produto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo produto' });
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Clicker' } });
    fireEvent.change(within(dialog).getByLabelText('Preço (R$)'), { target: { value: '59,90' } });
    fireEvent.change(within(dialog).getByLabelText('Categoria'), { target: { value: 'orelha' } });
    fireEvent.change(within(dialog).getByLabelText('SKU (vazio: gerado)'), {
      target: { value: 'CLK' },
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar opção' }));
    // A suggested name is one tap.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Diâmetro' }));
    expect(within(dialog).getByLabelText('Nome da opção 1')).toHaveValue('Diâmetro');
    const diameter = within(dialog).getByLabelText('Novo valor de Diâmetro');
    fireEvent.change(diameter, { target: { value: '6 mm' } });
    fireEvent.keyDown(diameter, { key: 'Enter' });
    fireEvent.change(diameter, { target: { value: '8 mm' } });
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Adicionar' })[0]!);
    expect(within(dialog).getByRole('list', { name: 'Valores de Diâmetro' })).toHaveTextContent(
      /6 mm.*8 mm/,
    );
    // With options, stock belongs to each variant and the product's SKU is their prefix.
    expect(dialog.querySelector('#produto-stock_quantity')).toBeNull();
    expect(within(dialog).getByLabelText('SKU base (vazio: gerado)')).toHaveValue('CLK');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar opção' }));
    fireEvent.change(within(dialog).getByLabelText('Nome da opção 2'), {
      target: { value: 'Cor' },
    });
    fireEvent.change(within(dialog).getByLabelText('Novo valor de Cor'), {
      target: { value: 'Prata, Dourado' },
    });
    fireEvent.keyDown(within(dialog).getByLabelText('Novo valor de Cor'), { key: 'Enter' });

    const cards = within(dialog).getAllByRole('group', { name: /^Variante / });
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Variante 6 mm · Prata',
      'Variante 6 mm · Dourado',
      'Variante 8 mm · Prata',
      'Variante 8 mm · Dourado',
    ]);
    expect(within(cards[2]!).getByLabelText('SKU')).toHaveValue('CLK-8MM-PRATA');
    expect(within(cards[2]!).getByLabelText('Preço (R$)')).toHaveAttribute('placeholder', '59,90');

    fireEvent.change(within(dialog).getByLabelText('Definir estoque para todos'), {
      target: { value: '5' },
    });
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Definir estoque para todos: aplicar' }),
    );
    for (const card of within(dialog).getAllByRole('group', { name: /^Variante / })) {
      expect(within(card).getByLabelText('Estoque')).toHaveValue('5');
    }
    const gold8 = within(dialog).getByRole('group', { name: 'Variante 8 mm · Dourado' });
    fireEvent.change(within(gold8).getByLabelText('Preço (R$)'), { target: { value: '64,90' } });
    fireEvent.change(within(gold8).getByLabelText('SKU'), { target: { value: 'CLK-8-OURO' } });
    fireEvent.click(within(gold8).getByRole('checkbox', { name: 'Ativa' }));
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Remover variante 6 mm · Dourado' }),
    );
    expect(within(dialog).getAllByRole('group', { name: /^Variante / })).toHaveLength(3);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Produto criado: Clicker')).toBeVisible();
    expect(writes(requests)[0]?.body).toMatchObject({
      product: {
        sku: 'CLK',
        price: '59,90',
        sizes: ['6 mm', '8 mm'],
        options: [
          { name: 'Diâmetro', values: ['6 mm', '8 mm'] },
          { name: 'Cor', values: ['Prata', 'Dourado'] },
        ],
        variants: [
          {
            sku: 'CLK-6MM-PRATA',
            option_values: { Diâmetro: '6 mm', Cor: 'Prata' },
            stock_quantity: 5,
            price: null,
            active: true,
          },
          { sku: 'CLK-8MM-PRATA', stock_quantity: 5, price: null },
          {
            sku: 'CLK-8-OURO',
            option_values: { Diâmetro: '8 mm', Cor: 'Dourado' },
            stock_quantity: 5,
            price: 64.9,
            active: false,
          },
        ],
      },
    });
  }, 20_000);

  it('keeps the existing variants (ids, SKUs, stock, prices) when a value is added', async () => {
    const requests = api(() => ({ body: { product: CLICKER } }));
    const dialog = await openEdit();
    const six = within(dialog).getByRole('group', { name: 'Variante 6 mm' });
    expect(within(six).getByLabelText('SKU')).toHaveValue('CLK-6MM');
    expect(within(six).getByLabelText('Estoque')).toHaveValue('3');
    fireEvent.change(within(dialog).getByLabelText('Novo valor de Diâmetro'), {
      target: { value: '10 mm' },
    });
    fireEvent.keyDown(within(dialog).getByLabelText('Novo valor de Diâmetro'), { key: 'Enter' });
    const eight = within(dialog).getByRole('group', { name: 'Variante 8 mm' });
    expect(within(eight).getByLabelText('Preço (R$)')).toHaveValue('62,90');
    expect(within(eight).getByLabelText('Estoque')).toHaveValue('0');
    const ten = within(dialog).getByRole('group', { name: /^Variante 10 mm/ });
    expect(within(ten).getByLabelText('SKU')).toHaveValue('CLK-10MM');
    fireEvent.change(within(ten).getByLabelText('Foto'), {
      target: { value: '/uploads/products/aaaaaaaaaaaaaaaaaaaaaaaa.webp' },
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Produto atualizado: Clicker Argola')).toBeVisible();
    const sent = writes(requests)[0]!;
    expect(sent.method).toBe('PUT');
    expect(sent.path).toBe('/products/1');
    expect(sent.body).toMatchObject({
      product: {
        options: [{ name: 'Diâmetro', values: ['6 mm', '8 mm', '10 mm'] }],
        variants: [
          { id: 5, sku: 'CLK-6MM', stock_quantity: 3, price: null },
          { id: 6, sku: 'CLK-8MM', stock_quantity: 0, price: 62.9 },
          {
            sku: 'CLK-10MM',
            option_values: { Diâmetro: '10 mm' },
            image: '/uploads/products/aaaaaaaaaaaaaaaaaaaaaaaa.webp',
          },
        ],
      },
    });
    expect(
      (sent.body as { product: { variants: object[] } }).product.variants[2],
    ).not.toHaveProperty('id');
  });

  it("shows the server's field errors on the row they name", async () => {
    api(() => ({
      status: 422,
      body: {
        type: 'invalid_data',
        code: 'sku_taken',
        message: 'SKU já cadastrado',
        fields: { 'product.variants.1.sku': ['SKU já cadastrado'] },
      },
    }));
    const dialog = await openEdit();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const eight = within(dialog).getByRole('group', { name: 'Variante 8 mm' });
    expect(await within(eight).findByText('SKU já cadastrado')).toBeVisible();
    expect(within(dialog).getByText('Corrija a variante marcada.')).toBeVisible();
    expect(within(eight).getByLabelText('SKU')).toHaveAttribute('aria-invalid', 'true');
    const six = within(dialog).getByRole('group', { name: 'Variante 6 mm' });
    expect(within(six).getByLabelText('SKU')).not.toHaveAttribute('aria-invalid');
  });

  it('reads the row from the message when the key has no position', async () => {
    api(() => ({
      status: 422,
      body: {
        type: 'invalid_data',
        message: 'Variante 1: SKU já cadastrado',
        fields: { 'variants.sku': ['Variante 1: SKU já cadastrado'] },
      },
    }));
    const dialog = await openEdit();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const six = within(dialog).getByRole('group', { name: 'Variante 6 mm' });
    expect(await within(six).findByText('Variante 1: SKU já cadastrado')).toBeVisible();
  });

  it('checks the rows with the shared schema before sending', async () => {
    const requests = api(() => ({ body: { product: CLICKER } }));
    const dialog = await openEdit();
    const eight = within(dialog).getByRole('group', { name: 'Variante 8 mm' });
    fireEvent.change(within(eight).getByLabelText('GTIN'), { target: { value: '123' } });
    fireEvent.change(within(eight).getByLabelText('Estoque'), { target: { value: '-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(eight).findByText('Código de barras (GTIN) deve ter 8, 12, 13 ou 14 dígitos'),
    ).toBeVisible();
    expect(within(eight).getByText(/Estoque deve ser um número inteiro/)).toBeVisible();
    expect(writes(requests)).toEqual([]);
  });

  it("takes each variant's minimum stock, empty for the store's default, checked before sending", async () => {
    const requests = api(() => ({ body: { product: CLICKER } }));
    const dialog = await openEdit();
    const six = within(dialog).getByRole('group', { name: 'Variante 6 mm' });
    const eight = within(dialog).getByRole('group', { name: 'Variante 8 mm' });
    const minimum = (group: HTMLElement) => within(group).getByLabelText('Estoque mínimo');
    expect(minimum(six)).toHaveValue('');
    expect(minimum(six)).toHaveAttribute('placeholder', 'padrão da loja');

    fireEvent.change(minimum(eight), { target: { value: '-2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(eight).findByText(ADMIN_PRODUCT_MESSAGES.lowStockThreshold)).toBeVisible();
    expect(minimum(eight)).toHaveAttribute('aria-invalid', 'true');
    expect(writes(requests)).toEqual([]);

    fireEvent.change(minimum(eight), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Produto atualizado: Clicker Argola')).toBeVisible();
    expect(writes(requests)[0]?.body).toMatchObject({
      product: {
        variants: [
          { id: 5, low_stock_threshold: null },
          { id: 6, low_stock_threshold: 2 },
        ],
      },
    });
  });

  it('says an option without values once, on the option', async () => {
    const requests = api(() => ({ body: { product: CLICKER } }));
    const dialog = await openEdit();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar opção' }));
    fireEvent.change(within(dialog).getByLabelText('Nome da opção 2'), {
      target: { value: 'Cor' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('Cada opção precisa de 1 a 30 valores de até 40 caracteres'),
    ).toBeVisible();
    expect(within(dialog).queryByText(/Variante \d: escolha/)).not.toBeInTheDocument();
    expect(writes(requests)).toEqual([]);
  });

  it('renders the variants as cards (no table) for a phone', async () => {
    api(() => ({ body: { product: CLICKER } }));
    const dialog = await openEdit();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
    const cards = within(dialog).getAllByRole('group', { name: /^Variante / });
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      // Every field of the row is inside its card, with its own label.
      for (const label of ['SKU', 'Estoque', 'Preço (R$)', 'PIX (R$)', 'Peso (g)', 'GTIN']) {
        expect(within(card).getByLabelText(label)).toBeInTheDocument();
      }
      expect(within(card).getByRole('checkbox', { name: 'Ativa' })).toBeChecked();
    }
  });
});

describe('product list: variants', () => {
  it('shows a product’s variants on request, the ones at zero flagged and counted', async () => {
    fakeApi((request) => {
      if (request.path.startsWith('/admin/stats')) return { status: 500, body: {} };
      return {
        body: {
          ...emptyList,
          products: [
            row({ variants: CLICKER.variants }),
            row({ id: 2, name: 'Argola Lua', sku: 'ARG', variants: [createVariant()] }),
          ],
          total: 2,
        },
      };
    });
    renderAdmin('/admin/produtos');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('1 variante esgotada')).toBeVisible();
    // A product with one variant has nothing to unfold.
    expect(screen.queryAllByRole('button', { name: 'Ver variantes de Argola Lua' })).toEqual([]);
    const toggle = within(table).getByRole('button', { name: 'Ver variantes de Clicker Argola' });
    expect(toggle).toHaveTextContent('Ver variantes (2)');
    fireEvent.click(toggle);
    const list = within(table).getByRole('list', { name: 'Variantes de Clicker Argola' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Diâmetro: 6 mm');
    expect(items[0]).toHaveTextContent('CLK-6MM');
    expect(items[0]).toHaveTextContent('Estoque 3');
    expect(within(items[0]!).queryByText('Esgotado')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Diâmetro: 8 mm');
    expect(within(items[1]!).getByText('Esgotado')).toBeVisible();
    fireEvent.click(
      within(table).getByRole('button', { name: 'Ocultar variantes de Clicker Argola' }),
    );
    await waitFor(() =>
      expect(
        within(table).queryByRole('list', { name: 'Variantes de Clicker Argola' }),
      ).not.toBeInTheDocument(),
    );
  });
});

describe('order detail: variants', () => {
  it('names the option values of an item under its name', async () => {
    const detail = createDetail();
    detail.order.items[0]!.option_values = { Diâmetro: '8 mm', Cor: 'Dourado' };
    fakeApi(() => ({ body: detail }));
    renderAdmin('/admin/pedidos/41');
    expect(await screen.findByText('Diâmetro: 8 mm · Cor: Dourado')).toBeVisible();
  });
});
