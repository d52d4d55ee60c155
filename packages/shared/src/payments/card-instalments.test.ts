import { describe, expect, it } from 'vitest';
import {
  type InstalmentRules,
  instalmentsPromise,
  instalmentsPromiseFor,
  instalmentsText,
  instalmentsTextFor,
} from './card-instalments.ts';

const rules: InstalmentRules = { max: 12, interest_free: 3, min_installment_cents: 500 };

describe('instalments', () => {
  it('are never offered while no card payment method is configured (only PIX is paid)', () => {
    expect(instalmentsText(12345, { installments: rules })).toBeNull();
    expect(instalmentsPromise({ installments: rules })).toBeNull();
    const off = { installments: rules, payments: { card: null } };
    expect(instalmentsText(12345, off)).toBeNull();
    expect(instalmentsPromise(off)).toBeNull();
  });

  it('are offered once the store says it takes cards', () => {
    const card = {
      provider: 'mercadopago' as const,
      public_key: 'TEST-key',
      sdk_url: 'https://sdk.mercadopago.com/js/v2',
    };
    const on = { installments: rules, payments: { card } };
    expect(instalmentsText(12345, on)).toBe('3x de R$ 41,15 sem juros');
    expect(instalmentsPromise(on)).toBe('3x sem juros ou até 12x');
  });

  it.each([
    [12345, '3x de R$ 41,15 sem juros'],
    [20000, '3x de R$ 66,67 sem juros'],
    // R$ 12,00 splits into 2 instalments of at least R$ 5,00, not 3.
    [1200, '2x de R$ 6,00 sem juros'],
    [900, null],
  ])('follow the settings rules: %d cents -> %s', (cents, text) => {
    expect(instalmentsTextFor(cents, rules)).toBe(text);
  });

  it('follow other settings: 6 free instalments of at least R$ 20,00', () => {
    const six = { max: 10, interest_free: 6, min_installment_cents: 2000 };
    expect(instalmentsTextFor(60000, six)).toBe('6x de R$ 100,00 sem juros');
    expect(instalmentsTextFor(6000, six)).toBe('3x de R$ 20,00 sem juros');
  });

  it.each([
    [rules, '3x sem juros ou até 12x'],
    [{ max: 3, interest_free: 3, min_installment_cents: 0 }, '3x sem juros'],
    [{ max: 6, interest_free: 1, min_installment_cents: 0 }, null],
  ])('promise what the settings rules allow: %j -> %s', (given, text) => {
    expect(instalmentsPromiseFor(given)).toBe(text);
  });
});
