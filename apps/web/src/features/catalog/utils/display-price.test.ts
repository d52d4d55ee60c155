import { describe, expect, it } from 'vitest';
import { createProduct, createVariant } from '../testing/create-product.ts';
import { cardPrices } from './display-price.ts';

describe('cardPrices', () => {
  it("shows a product's own price when its variants sell at it", () => {
    const prices = cardPrices(createProduct({ price_cents: 5000, pix_price_cents: null }));
    expect(prices).toMatchObject({ mainCents: 5000, fromPrice: false, isPixPrice: false });
  });

  it('shows the cheapest active variant, "a partir de", when the variants differ', () => {
    const product = createProduct({
      price_cents: 5000,
      pix_price_cents: 4500,
      options: [{ name: 'Material', values: ['Aço', 'Ouro', 'Titânio'] }],
      variants: [
        createVariant({ id: 1, option_values: { Material: 'Aço' }, price_cents: 8000 }),
        createVariant({
          id: 2,
          option_values: { Material: 'Ouro' },
          price_cents: 3000,
          active: false,
        }),
        createVariant({ id: 3, option_values: { Material: 'Titânio' }, price_cents: 6000 }),
      ],
    });
    // Each has its own price, so the product's PIX price (set against 50,00) does not apply.
    expect(cardPrices(product)).toEqual({
      mainCents: 6000,
      originalCents: null,
      discountPercent: 0,
      isPixPrice: false,
      fromPrice: true,
    });
  });
});
