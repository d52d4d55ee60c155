import { describe, expect, it } from 'vitest';
import { readErrorBody } from './read-error-body.ts';

describe('readErrorBody', () => {
  it('reads the API error body', () => {
    expect(
      readErrorBody({
        type: 'invalid_data',
        code: 'invalid_checkout',
        message: 'CEP inválido',
        errors: ['CEP inválido'],
        fields: { customer_zip_code: ['CEP inválido'] },
      }),
    ).toEqual({
      code: 'invalid_checkout',
      message: 'CEP inválido',
      errors: ['CEP inválido'],
      fields: { customer_zip_code: ['CEP inválido'] },
    });
  });

  it("falls back to the spec's `error` field and tolerates anything else", () => {
    expect(readErrorBody({ error: 'Erro ao criar pedido' }).message).toBe('Erro ao criar pedido');
    expect(readErrorBody('<html>502</html>')).toEqual({
      code: undefined,
      message: undefined,
      errors: [],
      fields: {},
    });
    expect(readErrorBody({ code: 7, fields: { a: 'um', b: [1] }, errors: 'x' })).toEqual({
      code: undefined,
      message: undefined,
      errors: [],
      fields: { a: ['um'] },
    });
  });
});
