import { describe, expect, it } from 'vitest';
import { estimatedDeliveryText, freePacDescription } from './shipping-texts.ts';

describe('estimatedDeliveryText', () => {
  it.each([
    [1, 'Entrega em até 1 dia útil'],
    [8, 'Entrega em até 8 dias úteis'],
  ])('%i -> %s', (days, text) => {
    expect(estimatedDeliveryText(days)).toBe(text);
  });
});

it('names the settings free-shipping threshold in reais', () => {
  expect(freePacDescription(29_900)).toContain('R$ 299,00');
  expect(freePacDescription(15_000)).toContain('R$ 150,00');
});
