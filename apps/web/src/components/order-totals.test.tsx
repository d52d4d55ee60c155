import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type OrderAmounts, OrderTotals } from './order-totals.tsx';

function amounts(overrides: Partial<OrderAmounts> = {}): OrderAmounts {
  return {
    subtotal_cents: 20000,
    shipping_name: 'PAC',
    shipping_cost_cents: 1990,
    total_cents: 21990,
    promotion_discount_cents: 0,
    coupon_discount_cents: 0,
    coupon_code: null,
    shipping_discount_cents: 0,
    ...overrides,
  };
}

/** The totals as 'label: value' lines, in order. */
function lines(): string[] {
  return screen.getAllByRole('term').map((term) => {
    const value = term.nextElementSibling?.textContent ?? '';
    return `${term.textContent}: ${value}`.replace(/\u00a0/g, ' ');
  });
}

describe('OrderTotals', () => {
  it('is subtotal, freight and total without discounts', () => {
    render(<OrderTotals order={amounts()} />);
    expect(lines()).toEqual(['Subtotal: R$ 200,00', 'Frete (PAC): R$ 19,90', 'Total: R$ 219,90']);
  });

  it('says the promotion, the coupon by its code and the waived freight', () => {
    render(
      <OrderTotals
        order={amounts({
          promotion_discount_cents: 2000,
          coupon_discount_cents: 1800,
          coupon_code: 'BEMVINDO10',
          shipping_cost_cents: 0,
          shipping_discount_cents: 1990,
          total_cents: 16200,
        })}
      />,
    );
    expect(lines()).toEqual([
      'Subtotal: R$ 200,00',
      'Promoção: −R$ 20,00',
      'Cupom BEMVINDO10: −R$ 18,00',
      'Frete grátis (PAC): R$ 0,00',
      'Total: R$ 162,00',
    ]);
  });

  it('keeps the freight line when the waived freight was not all of it', () => {
    render(<OrderTotals order={amounts({ shipping_discount_cents: 500 })} />);
    expect(lines()).toContain('Frete (PAC): R$ 19,90');
  });
});
