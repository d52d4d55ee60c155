import { DEFAULT_PRICE_RULES } from '@lumina/shared/catalog/pricing';
import { describe, expect, it } from 'vitest';
import { applyFreeShipping } from './free-shipping.ts';
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
