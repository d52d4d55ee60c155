import { describe, expect, it } from 'vitest';
import { firstMessage } from '../test-support/zod-issues.ts';
import { canCalculateShipping, shippingCepError, shippingCepSchema } from './shipping-cep.ts';

describe('shippingCepError (checkout calculator)', () => {
  it.each([
    ['01310-100', undefined],
    ['01310100', undefined],
    ['0131010', 'Por favor, digite um CEP válido (8 dígitos)'],
    ['', 'Por favor, digite um CEP válido (8 dígitos)'],
    ['cep01310100', 'Por favor, digite um CEP válido (8 dígitos)'],
    ['00000-000', 'Por favor, digite um CEP válido'],
    ['99999999', 'Por favor, digite um CEP válido'],
  ])('%j -> %s', (cep, message) => {
    expect(shippingCepError(cep)).toBe(message);
    expect(firstMessage(shippingCepSchema, cep)).toBe(message);
  });

  it('outputs digits', () => {
    expect(shippingCepSchema.parse('01310-100')).toBe('01310100');
  });
});

describe('canCalculateShipping (cart)', () => {
  it.each([
    ['01310-100', true],
    ['01310-10', false],
    ['', false],
  ])('%j -> %s', (cep, enabled) => {
    expect(canCalculateShipping(cep)).toBe(enabled);
  });
});
