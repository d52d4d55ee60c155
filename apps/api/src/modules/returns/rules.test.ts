import { describe, expect, it } from 'vitest';
import { defaultRefundCents } from './rules.ts';

describe('defaultRefundCents', () => {
  it("gives back each returned unit's share of what its item cost after its discounts", () => {
    // 3 units at 100,00 with 30,00 off by a coupon: the item cost 270,00, 90,00 a unit.
    expect(
      defaultRefundCents({
        returned: [{ itemTotalCents: 27000, itemQuantity: 3, quantity: 2 }],
        shippingCents: 1500,
        wholeOrder: false,
      }),
    ).toBe(18000);
  });

  it('rounds each share down (the last units back take the cent) and adds the freight when all came back', () => {
    expect(
      defaultRefundCents({
        returned: [
          { itemTotalCents: 1000, itemQuantity: 3, quantity: 1 },
          { itemTotalCents: 4750, itemQuantity: 1, quantity: 1 },
        ],
        shippingCents: 2190,
        wholeOrder: true,
      }),
    ).toBe(333 + 4750 + 2190);
  });
});
