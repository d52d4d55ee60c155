import { COUPON_MESSAGES } from '@lumina/shared/promotions/coupon-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '../../../lib/auth/testing/fake-api.ts';
import { createCoupon, renderAdmin, storeLogin } from '../testing/admin-fixtures.tsx';

beforeEach(() => {
  localStorage.clear();
  storeLogin();
});
afterEach(() => vi.unstubAllGlobals());

const writes = (requests: FakeRequest[]) => requests.filter((request) => request.method !== 'GET');

describe('/admin/cupons list', () => {
  it('lists coupons and automatic promotions apart, with state, uses and figures', async () => {
    fakeApi(() => ({
      body: {
        coupons: [
          createCoupon({
            usage_limit: 5,
            stats: { uses: 3, paid_orders: 2, discount_cents: 2590, revenue_cents: 23310 },
          }),
          createCoupon({
            id: 2,
            code: 'FRETE',
            kind: 'free_shipping',
            value: 0,
            active: false,
            state: 'Pausado',
            description: 'Frete grátis.',
          }),
          createCoupon({
            id: 3,
            automatic: true,
            code: null,
            name: 'Semana do Nariz',
            value: 15,
            scope: { categories: ['nariz'], product_ids: [] },
            state: 'Agendado',
            description: '15% de desconto nos produtos da categoria Nariz.',
          }),
        ],
      },
    }));
    renderAdmin('/admin/cupons');
    const coupons = await screen.findByRole('region', { name: 'Cupons (2)' });
    const rows = within(coupons).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('BEMVINDO10');
    expect(rows[0]).toHaveTextContent('Ativo');
    expect(rows[0]).toHaveTextContent('10% de desconto');
    expect(within(rows[0]!).getByText('3/5')).toBeVisible();
    expect(within(rows[0]!).getByText('R$ 25,90')).toBeVisible();
    expect(within(rows[0]!).getByText('R$ 233,10')).toBeVisible();
    expect(rows[1]).toHaveTextContent('Pausado');
    expect(within(rows[1]!).getByRole('button', { name: 'Ativar cupom FRETE' })).toBeVisible();

    const promotions = screen.getByRole('region', { name: 'Promoções automáticas (1)' });
    const promotion = within(promotions).getByRole('listitem');
    expect(promotion).toHaveTextContent('Semana do Nariz');
    expect(promotion).toHaveTextContent('Agendado');
    expect(promotion).toHaveTextContent('15% de desconto nos produtos da categoria Nariz.');
    expect(screen.getByRole('link', { name: 'Cupons' })).toHaveAttribute('href', '/admin/cupons');
  });

  it('pauses a coupon by sending it whole with active off', async () => {
    const requests = fakeApi((request) => {
      if (request.method === 'PUT') {
        return { body: { coupon: createCoupon({ active: false, state: 'Pausado' }) } };
      }
      return {
        body: {
          coupons: [
            createCoupon({
              min_order: 100,
              min_order_cents: 10000,
              starts_at_local: '2026-12-01T09:00',
              starts_at: '2026-12-01T12:00:00.000Z',
            }),
          ],
        },
      };
    });
    renderAdmin('/admin/cupons');
    fireEvent.click(await screen.findByRole('button', { name: 'Pausar cupom BEMVINDO10' }));
    expect(await screen.findByText('Cupom pausado')).toBeVisible();
    expect(writes(requests)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/admin/coupons/1',
        body: {
          coupon: expect.objectContaining({
            code: 'BEMVINDO10',
            kind: 'percent',
            value: '10',
            min_order: '100,00',
            starts_at: '2026-12-01T09:00',
            active: false,
          }) as unknown,
        },
      }),
    ]);
  });

  it('says why a used coupon cannot be deleted, and deletes an unused one', async () => {
    const requests = fakeApi((request) => {
      if (request.method === 'DELETE' && request.path === '/admin/coupons/1') {
        return {
          status: 409,
          body: { error: COUPON_MESSAGES.usedCannotDelete, code: 'conflict' },
        };
      }
      if (request.method === 'DELETE') return { status: 204 };
      return { body: { coupons: [createCoupon(), createCoupon({ id: 2, code: 'NOVO' })] } };
    });
    renderAdmin('/admin/cupons');
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir cupom BEMVINDO10' }));
    let dialog = await screen.findByRole('dialog', { name: 'Excluir cupom' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await within(dialog).findByText(COUPON_MESSAGES.usedCannotDelete)).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Excluir cupom NOVO' }));
    dialog = await screen.findByRole('dialog', { name: 'Excluir cupom' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Cupom excluído')).toBeVisible();
    expect(writes(requests).map((request) => request.path)).toEqual([
      '/admin/coupons/1',
      '/admin/coupons/2',
    ]);
  });
});

describe('the coupon form', () => {
  const empty = { body: { coupons: [] } };

  it('checks the form with the shared schema, previews the conditions and puts the server’s 422 on its field', async () => {
    const requests = fakeApi((request) =>
      request.method === 'POST'
        ? {
            status: 422,
            body: {
              error: COUPON_MESSAGES.codeTaken,
              code: 'validation_failed',
              fields: { code: [COUPON_MESSAGES.codeTaken] },
            },
          }
        : empty,
    );
    renderAdmin('/admin/cupons');
    fireEvent.click(await screen.findByRole('button', { name: 'Novo cupom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo cupom' });
    expect(within(dialog).getByText(/Informe o valor do desconto/)).toBeVisible();
    fireEvent.change(within(dialog).getByLabelText('Fim (opcional)'), {
      target: { value: '2026-11-01T10:00' },
    });
    fireEvent.change(within(dialog).getByLabelText('Início (opcional)'), {
      target: { value: '2026-12-01T10:00' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(COUPON_MESSAGES.code)).toBeVisible();
    expect(within(dialog).getByText(COUPON_MESSAGES.percent)).toBeVisible();
    expect(within(dialog).getByText(COUPON_MESSAGES.endBeforeStart)).toBeVisible();
    expect(within(dialog).getByLabelText('Código')).toHaveAttribute('aria-invalid', 'true');
    expect(writes(requests)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Código'), { target: { value: 'bemvindo' } });
    fireEvent.change(within(dialog).getByLabelText('Desconto (%)'), { target: { value: '12,5' } });
    fireEvent.change(within(dialog).getByLabelText('Desconto máximo (R$, opcional)'), {
      target: { value: '30' },
    });
    fireEvent.change(within(dialog).getByLabelText('Pedido mínimo (R$, opcional)'), {
      target: { value: '100' },
    });
    fireEvent.change(within(dialog).getByLabelText('Início (opcional)'), {
      target: { value: '' },
    });
    fireEvent.change(within(dialog).getByLabelText('Usos por cliente (opcional)'), {
      target: { value: '1' },
    });
    fireEvent.click(within(dialog).getByLabelText('Cumulativo com o desconto do PIX'));
    // Checked again on each change after the first try: fixed fields lose their messages.
    expect(within(dialog).queryByText(COUPON_MESSAGES.code)).toBeNull();
    expect(within(dialog).queryByText(COUPON_MESSAGES.endBeforeStart)).toBeNull();
    expect(
      within(dialog).getByText(
        '12,5% de desconto em toda a loja, até R$ 30,00 de desconto. Pedido mínimo de R$ 100,00 em produtos. ' +
          'Válido até 01/11/2026 10:00. Um uso por cliente (CPF). ' +
          'Não cumulativo com o desconto do PIX: no PIX vale o maior desconto.',
      ),
    ).toBeVisible();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(COUPON_MESSAGES.codeTaken)).toBeVisible();
    expect(within(dialog).getByLabelText('Código')).toHaveAttribute('aria-invalid', 'true');
    expect(writes(requests)).toEqual([
      expect.objectContaining({
        path: '/admin/coupons',
        body: {
          coupon: expect.objectContaining({
            automatic: false,
            code: 'bemvindo',
            kind: 'percent',
            value: '12,5',
            max_discount: '30',
            min_order: '100',
            scope: { categories: [], product_ids: [] },
            ends_at: '2026-11-01T10:00',
            per_customer_limit: '1',
            combines_with_pix: false,
          }) as unknown,
        },
      }),
    ]);
  });

  it('asks for a category or a product when the scope is chosen, and picks products by search', async () => {
    const requests = fakeApi((request) => {
      if (request.path.startsWith('/admin/products')) {
        return {
          body: {
            products: [{ id: 7, name: 'Argola Lua', sku: 'ARG-7' }],
            total: 1,
            page: 1,
            per_page: 10,
            total_pages: 1,
          },
        };
      }
      if (request.method === 'POST') {
        return { status: 201, body: { coupon: createCoupon({ id: 9 }) } };
      }
      return empty;
    });
    renderAdmin('/admin/cupons');
    fireEvent.click(await screen.findByRole('button', { name: 'Novo cupom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo cupom' });
    fireEvent.change(within(dialog).getByLabelText('Código'), { target: { value: 'ARGOLA' } });
    fireEvent.click(within(dialog).getByLabelText('Valor fixo'));
    fireEvent.change(within(dialog).getByLabelText('Desconto (R$)'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByLabelText('Categorias ou produtos escolhidos'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('Escolha ao menos uma categoria ou um produto'),
    ).toBeVisible();

    fireEvent.click(within(dialog).getByLabelText('Orelha'));
    fireEvent.change(within(dialog).getByLabelText('Buscar produto por nome ou SKU'), {
      target: { value: 'argola' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buscar' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Adicionar Argola Lua' }));
    expect(
      within(within(dialog).getByRole('list', { name: 'Produtos escolhidos' })).getByText(
        'Argola Lua',
      ),
    ).toBeVisible();
    expect(
      within(dialog).getByText(
        'R$ 20,00 de desconto nos produtos da categoria Orelha e nos produtos selecionados.',
      ),
    ).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(COUPON_MESSAGES.saved)).toBeVisible();
    expect(requests.find((request) => request.path === '/admin/products?q=argola')).toBeTruthy();
    expect(writes(requests)[0]?.body).toMatchObject({
      coupon: { kind: 'fixed', value: '20', scope: { categories: ['orelha'], product_ids: [7] } },
    });
  });

  it('creates a free-shipping promotion for a region', async () => {
    const requests = fakeApi((request) =>
      request.method === 'POST'
        ? { status: 201, body: { coupon: createCoupon({ automatic: true }) } }
        : empty,
    );
    renderAdmin('/admin/cupons');
    fireEvent.click(await screen.findByRole('button', { name: 'Nova promoção automática' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova promoção automática' });
    expect(within(dialog).queryByLabelText('Valor fixo')).toBeNull();
    expect(within(dialog).queryByLabelText('Apenas primeira compra')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Nome da promoção'), {
      target: { value: 'Frete grátis Sudeste' },
    });
    fireEvent.click(within(dialog).getByLabelText('Frete grátis'));
    fireEvent.click(within(dialog).getByLabelText('Todo o Brasil'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('Escolha ao menos um estado, ou marque todo o Brasil'),
    ).toBeVisible();
    fireEvent.click(within(dialog).getByLabelText('Sudeste'));
    fireEvent.click(within(dialog).getByLabelText('SEDEX'));
    fireEvent.change(within(dialog).getByLabelText('Pedido mínimo (R$, opcional)'), {
      target: { value: '199,90' },
    });
    expect(
      within(dialog).getByText(
        'Frete grátis (PAC) para ES, MG, RJ e SP. Pedido mínimo de R$ 199,90 em produtos.',
      ),
    ).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Promoção salva')).toBeVisible();
    expect(writes(requests)[0]?.body).toEqual({
      coupon: expect.objectContaining({
        automatic: true,
        code: null,
        name: 'Frete grátis Sudeste',
        kind: 'free_shipping',
        shipping_methods: ['pac'],
        states: ['ES', 'MG', 'RJ', 'SP'],
        usage_limit: null,
      }) as unknown,
    });
  });

  it('edits a coupon from what the API answered, on São Paulo’s clock', async () => {
    const requests = fakeApi((request) =>
      request.method === 'PUT'
        ? { body: { coupon: createCoupon() } }
        : {
            body: {
              coupons: [
                createCoupon({
                  kind: 'fixed',
                  value: 25,
                  value_cents: 2500,
                  starts_at: '2026-12-01T12:00:00.000Z',
                  starts_at_local: '2026-12-01T09:00',
                  usage_limit: 50,
                  first_purchase_only: true,
                }),
              ],
            },
          },
    );
    renderAdmin('/admin/cupons');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar cupom BEMVINDO10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar cupom' });
    expect(within(dialog).getByLabelText('Desconto (R$)')).toHaveValue('25,00');
    expect(within(dialog).getByLabelText('Início (opcional)')).toHaveValue('2026-12-01T09:00');
    expect(within(dialog).getByLabelText('Apenas primeira compra')).toBeChecked();
    fireEvent.change(within(dialog).getByLabelText('Limite total de usos (opcional)'), {
      target: { value: '100' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(COUPON_MESSAGES.saved)).toBeVisible();
    expect(writes(requests)[0]).toMatchObject({
      method: 'PUT',
      path: '/admin/coupons/1',
      body: {
        coupon: {
          code: 'BEMVINDO10',
          value: '25,00',
          starts_at: '2026-12-01T09:00',
          usage_limit: '100',
          first_purchase_only: true,
        },
      },
    });
  });
});
