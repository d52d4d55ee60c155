import { describe, expect, it } from 'vitest';
import { messagesByPath } from '../test-support/zod-issues.ts';
import { cartShippingRequestSchema, checkoutShippingRequestSchema } from './shipping-schemas.ts';

describe('checkoutShippingRequestSchema', () => {
  it('keeps digits and defaults the method to pac', () => {
    expect(checkoutShippingRequestSchema.parse({ cep: '01310-100' })).toEqual({
      cep: '01310100',
      shipping_method: 'pac',
    });
  });

  it('takes a product and a quantity for the product page', () => {
    expect(
      checkoutShippingRequestSchema.parse({
        cep: '20040020',
        shipping_method: 'sedex',
        product_id: 7,
        quantity: 3,
      }),
    ).toEqual({ cep: '20040020', shipping_method: 'sedex', product_id: 7, quantity: 3 });
  });

  it.each([
    [{ cep: '0131010' }, { cep: 'Por favor, digite um CEP válido (8 dígitos)' }],
    [{ cep: '0131O100' }, { cep: 'Por favor, digite um CEP válido (8 dígitos)' }],
    [{ cep: '11111111' }, { cep: 'Por favor, digite um CEP válido' }],
    [
      { cep: '01310100', shipping_method: 'jadlog' },
      { shipping_method: 'Modalidade de frete inválida. Escolha PAC ou SEDEX.' },
    ],
    [{ cep: '01310100', product_id: 0 }, { product_id: 'Produto inválido' }],
    [{ cep: '01310100', product_id: 1, quantity: 1000 }, { quantity: 'Quantidade inválida' }],
  ])('%j -> %j', (body, messages) => {
    expect(messagesByPath(checkoutShippingRequestSchema, body)).toEqual(messages);
  });
});

describe('cartShippingRequestSchema', () => {
  it('reads zip_code and service', () => {
    expect(cartShippingRequestSchema.parse({ zip_code: '30130-010', service: 'sedex' })).toEqual({
      zip_code: '30130010',
      service: 'sedex',
    });
  });

  it('refuses an unknown service in pt-BR', () => {
    expect(
      messagesByPath(cartShippingRequestSchema, { zip_code: '30130010', service: 'x' }),
    ).toEqual({ service: 'Modalidade de frete inválida. Escolha PAC ou SEDEX.' });
  });
});
