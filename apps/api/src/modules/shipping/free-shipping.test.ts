import { DEFAULT_PRICE_RULES } from '@lumina/shared/catalog/pricing';
import { describe, expect, it } from 'vitest';
import { createCouponRule } from '../../test/coupon-builder.ts';
import { applyFreeShipping, applyFreeShippingRules } from './free-shipping.ts';
import type { Quote } from '../../integrations/shipping/quoter.ts';

const pac: Quote = { method: 'pac', name: 'PAC', costCents: 2490, deliveryDays: 6 };
const sedex: Quote = { method: 'sedex', name: 'SEDEX', costCents: 3490, deliveryDays: 2 };
const rules = DEFAULT_PRICE_RULES;

describe('applyFreeShipping', () => {
  it('charges PAC below R$ 299,00', () => {
    expect(applyFreeShipping(pac, 29_899, rules)).toEqual({ ...pac, freeShipping: false });
  });

  it('makes PAC free from R$ 299,00 on, keeping its deadline', () => {
    expect(applyFreeShipping(pac, 29_900, rules)).toEqual({
      ...pac,
      costCents: 0,
      freeShipping: true,
    });
    expect(applyFreeShipping(pac, 150_000, rules)).toMatchObject({
      costCents: 0,
      freeShipping: true,
    });
  });

  it('always charges SEDEX', () => {
    expect(applyFreeShipping(sedex, 29_900, rules)).toEqual({ ...sedex, freeShipping: false });
  });

  it('follows the settings threshold, and ships nothing free without one', () => {
    const from150 = { free_shipping_threshold_cents: 15_000 };
    expect(applyFreeShipping(pac, 14_999, from150)).toMatchObject({ freeShipping: false });
    expect(applyFreeShipping(pac, 15_000, from150)).toMatchObject({ costCents: 0 });
    const none = { free_shipping_threshold_cents: null };
    expect(applyFreeShipping(pac, 10_000_000, none)).toEqual({ ...pac, freeShipping: false });
  });
});

describe('applyFreeShippingRules', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const saoPaulo = '01310100';
  const recife = '50010000';
  const charged = (quote: Quote) => applyFreeShipping(quote, 10_000, rules);
  const question = (
    discounts: Partial<Parameters<typeof applyFreeShippingRules>[1]['discounts']>,
    destinationCep = saoPaulo,
  ) => ({
    listSubtotalCents: 10_000,
    destinationCep,
    discounts: { coupon: null, promotions: [], now, ...discounts },
  });

  it("waives PAC or SEDEX by a free-shipping coupon and records the carrier's price", () => {
    const coupon = createCouponRule({ code: 'FRETE', kind: 'free_shipping', value: 0 });
    expect(applyFreeShippingRules(charged(sedex), question({ coupon }))).toEqual({
      ...sedex,
      costCents: 0,
      freeShipping: true,
      freeBy: coupon,
      waivedCents: 3490,
    });
  });

  it('keeps the freight when the rule names other methods, states, or a larger minimum', () => {
    const pacOnly = createCouponRule({ kind: 'free_shipping', shippingMethods: ['pac'] });
    expect(applyFreeShippingRules(charged(sedex), question({ coupon: pacOnly }))).toMatchObject({
      costCents: 3490,
      freeBy: null,
      waivedCents: 0,
    });
    const southeast = createCouponRule({ kind: 'free_shipping', states: ['SP', 'RJ'] });
    expect(
      applyFreeShippingRules(charged(pac), question({ coupon: southeast }, recife)),
    ).toMatchObject({ costCents: 2490, freeBy: null });
    expect(applyFreeShippingRules(charged(pac), question({ coupon: southeast }))).toMatchObject({
      costCents: 0,
      freeBy: southeast,
    });
    const from200 = createCouponRule({ kind: 'free_shipping', minOrderCents: 20_000 });
    expect(applyFreeShippingRules(charged(pac), question({ coupon: from200 }))).toMatchObject({
      freeShipping: false,
    });
  });

  it('applies an automatic free-shipping promotion, never a percent coupon nor an expired one', () => {
    const promotion = createCouponRule({
      code: null,
      name: 'Frete grátis no Nordeste',
      kind: 'free_shipping',
      states: ['PE'],
    });
    expect(
      applyFreeShippingRules(charged(pac), question({ promotions: [promotion] }, recife)),
    ).toMatchObject({ costCents: 0, freeBy: promotion, waivedCents: 2490 });
    const percent = createCouponRule();
    expect(applyFreeShippingRules(charged(pac), question({ coupon: percent }))).toMatchObject({
      costCents: 2490,
    });
    const expired = createCouponRule({ kind: 'free_shipping', endsAt: now });
    expect(applyFreeShippingRules(charged(pac), question({ coupon: expired }))).toMatchObject({
      costCents: 2490,
    });
  });

  it('owes nothing to a coupon when the threshold already made PAC free', () => {
    const coupon = createCouponRule({ kind: 'free_shipping' });
    const free = applyFreeShipping(pac, 29_900, rules);
    expect(applyFreeShippingRules(free, question({ coupon }))).toMatchObject({
      costCents: 0,
      freeBy: null,
      waivedCents: 0,
    });
  });
});
