import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRICE_RULES,
  discountPercent,
  pixPriceCents,
  qualifiesForFreeShipping,
} from './pricing.ts';

const fivePercent = { pix_discount_percent: 5 };

describe('pixPriceCents', () => {
  it.each([
    [{ price_cents: 10000, pix_price_cents: null }, 9500],
    [{ price_cents: 4990, pix_price_cents: null }, 4741],
    [{ price_cents: 10, pix_price_cents: null }, 10],
    [{ price_cents: 3, pix_price_cents: null }, 3],
    [{ price_cents: 0, pix_price_cents: null }, 0],
    [{ price_cents: 10000, pix_price_cents: 8990 }, 8990],
  ])('%j at 5%% -> %d', (product, pix) => {
    expect(pixPriceCents(product, fivePercent)).toBe(pix);
  });

  it.each([
    [10, 10000, 9000],
    [10, 4990, 4491],
    [2.5, 10000, 9750],
    [2.5, 4990, 4865],
    [12.75, 8000, 6980],
    [0, 4990, 4990],
    [100, 4990, 0],
  ])('takes the settings percentage: %d%% off %d -> %d', (percent, price, pix) => {
    expect(
      pixPriceCents(
        { price_cents: price, pix_price_cents: null },
        { pix_discount_percent: percent },
      ),
    ).toBe(pix);
  });

  it('keeps an explicit PIX price whatever the percentage', () => {
    const product = { price_cents: 10000, pix_price_cents: 8990 };
    expect(pixPriceCents(product, { pix_discount_percent: 0 })).toBe(8990);
    expect(pixPriceCents(product, { pix_discount_percent: 20 })).toBe(8990);
  });

  it('starts from the 5% of spec 000 §9', () => {
    expect(DEFAULT_PRICE_RULES.pix_discount_percent).toBe(5);
  });

  it('is a whole number of cents no higher than the price, within half a cent of the rule', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 0, max: 10_000 }),
        (price, hundredths) => {
          const percent = hundredths / 100;
          const pix = pixPriceCents(
            { price_cents: price, pix_price_cents: null },
            { pix_discount_percent: percent },
          );
          const exact = (price * (100 - percent)) / 100;
          return Number.isInteger(pix) && pix <= price && Math.abs(pix - exact) <= 0.5 + 1e-6;
        },
      ),
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
  it('starts at R$ 299,00 by default (spec 000 §9)', () => {
    expect(DEFAULT_PRICE_RULES.free_shipping_threshold_cents).toBe(29900);
    expect(qualifiesForFreeShipping(29899, DEFAULT_PRICE_RULES)).toBe(false);
    expect(qualifiesForFreeShipping(29900, DEFAULT_PRICE_RULES)).toBe(true);
  });

  it('starts at the settings threshold', () => {
    const rules = { free_shipping_threshold_cents: 15_000 };
    expect(qualifiesForFreeShipping(14_999, rules)).toBe(false);
    expect(qualifiesForFreeShipping(15_000, rules)).toBe(true);
  });

  it('never applies when the shop offers no free shipping', () => {
    const rules = { free_shipping_threshold_cents: null };
    expect(qualifiesForFreeShipping(0, rules)).toBe(false);
    expect(qualifiesForFreeShipping(10_000_000, rules)).toBe(false);
  });
});
