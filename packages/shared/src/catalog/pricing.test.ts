import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  discountPercent,
  FREE_SHIPPING_THRESHOLD_CENTS,
  pixPriceCents,
  qualifiesForFreeShipping,
} from './pricing.ts';

describe('pixPriceCents', () => {
  it.each([
    [{ price_cents: 10000, pix_price_cents: null }, 9500],
    [{ price_cents: 4990, pix_price_cents: null }, 4741],
    [{ price_cents: 10, pix_price_cents: null }, 10],
    [{ price_cents: 3, pix_price_cents: null }, 3],
    [{ price_cents: 0, pix_price_cents: null }, 0],
    [{ price_cents: 10000, pix_price_cents: 8990 }, 8990],
  ])('%j -> %d', (product, pix) => {
    expect(pixPriceCents(product)).toBe(pix);
  });

  it('is a whole number of cents no higher than the price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), (price) => {
        const pix = pixPriceCents({ price_cents: price, pix_price_cents: null });
        return Number.isInteger(pix) && pix <= price && Math.abs(pix - price * 0.95) <= 0.5;
      }),
    );
  });
});

describe('discountPercent', () => {
  it.each([
    [10000, 9500, 5],
    [10000, 8990, 10],
    [4990, 4741, 5],
    [10000, 10000, 0],
    [10000, 12000, 0],
    [0, 0, 0],
  ])('%d vs %d -> %d%%', (price, pix, percent) => {
    expect(discountPercent(price, pix)).toBe(percent);
  });
});

describe('free shipping', () => {
  it('starts at R$ 299,00', () => {
    expect(FREE_SHIPPING_THRESHOLD_CENTS).toBe(29900);
    expect(qualifiesForFreeShipping(29899)).toBe(false);
    expect(qualifiesForFreeShipping(29900)).toBe(true);
  });
});
