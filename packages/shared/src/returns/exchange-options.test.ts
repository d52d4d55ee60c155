import { describe, expect, it } from 'vitest';
import { exchangeRefusal, variantUnitPriceCents } from './exchange-options.ts';

const fivePercent = { pix_discount_percent: 5 };
const product = { price_cents: 10000, sale_price_cents: null, pix_price_cents: 9000 };
const inherits = { price_cents: null, sale_price_cents: null, pix_price_cents: null };

describe('variantUnitPriceCents', () => {
  it("is the PIX price an order charges: the product's, or the variant's own price less the discount", () => {
    expect(variantUnitPriceCents(product, inherits, fivePercent)).toBe(9000);
    expect(
      variantUnitPriceCents(product, { ...inherits, pix_price_cents: 8500 }, fivePercent),
    ).toBe(8500);
    // A variant with a price of its own does not take the product's explicit PIX price.
    expect(variantUnitPriceCents(product, { ...inherits, price_cents: 10000 }, fivePercent)).toBe(
      9500,
    );
  });

  it('is the list price for an order paid by card or boleto', () => {
    expect(variantUnitPriceCents(product, inherits, fivePercent, 'card')).toBe(10000);
    expect(
      variantUnitPriceCents(product, { ...inherits, price_cents: 12000 }, fivePercent, 'boleto'),
    ).toBe(12000);
  });
});

describe('exchangeRefusal', () => {
  const bought = { productId: 7, variantId: 70, unitPriceCents: 9000 };
  const wanted = { productId: 7, variantId: 71, active: true, unitPriceCents: 9000 };

  it('takes another active variant of the same product at the unit price paid', () => {
    expect(exchangeRefusal(bought, wanted)).toBeNull();
  });

  it.each([
    ['the variant bought', { variantId: 70 }],
    ['another product', { productId: 8 }],
    ['an inactive variant', { active: false }],
  ])('refuses %s', (_, change) => {
    expect(exchangeRefusal(bought, { ...wanted, ...change })).toBe('not_another_variant');
  });

  it('refuses a product no longer in the catalogue', () => {
    expect(exchangeRefusal({ ...bought, productId: null }, wanted)).toBe('not_another_variant');
  });

  it.each([9001, 8999])('refuses a variant at %d cents for a piece paid 9000', (cents) => {
    expect(exchangeRefusal(bought, { ...wanted, unitPriceCents: cents })).toBe('price_differs');
  });
});
