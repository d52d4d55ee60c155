import { describe, expect, it } from 'vitest';
import { estimatedDeliveryText, SHIPPING_DESCRIPTIONS } from './shipping-texts.ts';

describe('estimatedDeliveryText', () => {
  it.each([
    [1, 'Entrega em até 1 dia útil'],
    [8, 'Entrega em até 8 dias úteis'],
  ])('%i -> %s', (days, text) => {
    expect(estimatedDeliveryText(days)).toBe(text);
  });
});

it('names the free-shipping threshold in reais', () => {
  expect(SHIPPING_DESCRIPTIONS.freePac).toContain('R$ 299,00');
});
