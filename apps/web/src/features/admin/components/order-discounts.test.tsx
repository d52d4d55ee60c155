import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../lib/auth/testing/fake-api.ts';
import { createDetail, renderAdmin, storeLogin } from '../testing/admin-fixtures.tsx';

beforeEach(() => {
  localStorage.clear();
  storeLogin();
});
afterEach(() => vi.unstubAllGlobals());

describe('an order with a coupon and a promotion, in the panel', () => {
  it('shows the coupon code, the discount lines and each item’s discounts', async () => {
    const detail = createDetail({
      subtotal_cents: 11000,
      discount_cents: 2100,
      promotion_discount_cents: 1100,
      coupon_discount_cents: 1000,
      coupon_code: 'BEMVINDO10',
      shipping_cost_cents: 0,
      shipping_discount_cents: 1990,
      total_cents: 8900,
    });
    const item = detail.order.items[0]!;
    detail.order.items = [
      { ...item, promotion_discount_cents: 1100, coupon_discount_cents: 1000, total_cents: 8900 },
    ];
    fakeApi((request) => (request.path === '/admin/orders/41' ? { body: detail } : undefined));
    renderAdmin('/admin/pedidos/41');
    const items = (await screen.findByRole('heading', { name: 'Itens' })).parentElement!;
    expect(within(items).getByText('Cupom BEMVINDO10')).toBeVisible();
    expect(within(items).getByText('Promoção')).toBeVisible();
    expect(within(items).getByText('Frete grátis (PAC)')).toBeVisible();
    expect(within(items).getByText(/Promoção −R\$\s11,00 · Cupom −R\$\s10,00/)).toBeVisible();
  });
});
