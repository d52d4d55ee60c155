import { describe, expect, it } from 'vitest';
import { applyFreeShipping } from './free-shipping.ts';
import type { Quote } from '../../integrations/shipping/quoter.ts';

const pac: Quote = { method: 'pac', name: 'PAC', costCents: 2490, deliveryDays: 6 };
const sedex: Quote = { method: 'sedex', name: 'SEDEX', costCents: 3490, deliveryDays: 2 };

describe('applyFreeShipping', () => {
  it('charges PAC below R$ 299,00', () => {
    expect(applyFreeShipping(pac, 29_899)).toEqual({ ...pac, freeShipping: false });
  });

  it('makes PAC free from R$ 299,00 on, keeping its deadline', () => {
    expect(applyFreeShipping(pac, 29_900)).toEqual({ ...pac, costCents: 0, freeShipping: true });
    expect(applyFreeShipping(pac, 150_000)).toMatchObject({ costCents: 0, freeShipping: true });
  });

  it('always charges SEDEX', () => {
    expect(applyFreeShipping(sedex, 29_900)).toEqual({ ...sedex, freeShipping: false });
  });
});
