import { describe, expect, it } from 'vitest';
import { itemsPricing } from './cart-discounts.ts';
import type { CartLine, CartPricingView } from './cart-types.ts';
import { createCartCoupon, createCartItem, createCartProduct } from './testing/cart-fixtures.tsx';

const line: CartLine = {
  ...createCartItem({ quantity: 2, pix_price: 47.5 }, createCartProduct({ price_cents: 5000 })),
  local: false,
};
const promotion = (id: number, name: string) => ({
  id,
  name,
  kind: 'percent' as const,
  percent: 10,
  description: '',
  ends_at: null,
});
const price = (subtotal: number, promotionOff: number, couponOff: number) => ({
  subtotal_cents: subtotal,
  promotion_discount_cents: promotionOff,
  coupon_discount_cents: couponOff,
  total_cents: subtotal - promotionOff - couponOff,
});

describe('itemsPricing', () => {
  it("takes the server's amounts at the basis, a line per promotion set and coupon", () => {
    const cart: CartPricingView = {
      coupon: createCartCoupon({ code: 'VOLTA5' }),
      coupon_notice: null,
      promotions: [promotion(1, 'Semana do Nariz'), promotion(2, 'Argolas')],
      pricing: { list: price(10000, 1000, 450), pix: price(9500, 950, 0) },
    };
    expect(itemsPricing(cart, [line], 'list')).toEqual({
      subtotalCents: 10000,
      discounts: [
        { label: 'Promoções Semana do Nariz e Argolas', cents: 1000 },
        { label: 'Cupom VOLTA5', cents: 450 },
      ],
      totalCents: 8550,
    });
    // By PIX the coupon gave nothing (the PIX price beat it): no line for it.
    expect(itemsPricing({ ...cart, promotions: [promotion(1, 'Nariz')] }, [line], 'pix')).toEqual({
      subtotalCents: 9500,
      discounts: [{ label: 'Promoção Nariz', cents: 950 }],
      totalCents: 8550,
    });
  });

  it('adds the lines up, with no discount, without the server pricing', () => {
    const cart: CartPricingView = {
      coupon: null,
      coupon_notice: null,
      promotions: [],
      pricing: undefined,
    };
    expect(itemsPricing(cart, [line], 'pix')).toEqual({
      subtotalCents: 9500,
      discounts: [],
      totalCents: 9500,
    });
    expect(itemsPricing(cart, [line], 'list').totalCents).toBe(10000);
  });
});
