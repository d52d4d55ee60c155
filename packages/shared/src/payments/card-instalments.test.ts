import { describe, expect, it } from 'vitest';
import {
  type CardInstalmentRules,
  instalmentsPromiseFor,
  instalmentsText,
  instalmentsTextFor,
  STORE_CARD_PAYMENT,
} from './card-instalments.ts';

const card: CardInstalmentRules = { max: 12, interestFree: 3, minInstalmentCents: 500 };

describe('instalments', () => {
  it('are never offered while no card payment method is configured (only PIX is paid)', () => {
    expect(STORE_CARD_PAYMENT).toBeNull();
    expect(instalmentsText(12345)).toBeNull();
  });

  it.each([
    [12345, '3x de R$ 41,15 sem juros'],
    [20000, '3x de R$ 66,67 sem juros'],
    // R$ 12,00 splits into 2 instalments of at least R$ 5,00, not 3.
    [1200, '2x de R$ 6,00 sem juros'],
    [900, null],
  ])('follow the card rules: %d cents -> %s', (cents, text) => {
    expect(instalmentsTextFor(cents, card)).toBe(text);
  });

  it.each([
    [card, '3x sem juros ou até 12x'],
    [{ max: 3, interestFree: 3, minInstalmentCents: 0 }, '3x sem juros'],
    [{ max: 6, interestFree: 1, minInstalmentCents: 0 }, null],
  ])('promise what the card rules allow: %j -> %s', (rules, text) => {
    expect(instalmentsPromiseFor(rules)).toBe(text);
  });
});
