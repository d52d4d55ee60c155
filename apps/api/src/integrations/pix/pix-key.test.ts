import { describe, expect, it } from 'vitest';
import { PixBrCodeError } from './emv.ts';
import { normalisePixKey } from './pix-key.ts';

describe('normalisePixKey', () => {
  it.each([
    ['52998224725', '52998224725', 'cpf'],
    ['11222333000181', '11222333000181', 'cnpj'],
    ['loja@example.com', 'loja@example.com', 'email'],
    [' Loja@Example.COM ', 'loja@example.com', 'email'],
    ['+5511987654321', '+5511987654321', 'phone'],
    ['123e4567-e12b-12d1-a456-426655440000', '123e4567-e12b-12d1-a456-426655440000', 'random'],
    ['7D9F0335-8DCC-4054-9BF9-0DBD61D36906', '7d9f0335-8dcc-4054-9bf9-0dbd61d36906', 'random'],
  ])('accepts %j as %s', (raw, key, type) => {
    expect(normalisePixKey(raw)).toEqual({ key, type });
  });

  it.each([
    ['a CPF with a wrong check digit', '52998224724'],
    ['a masked CPF', '529.982.247-25'],
    ['a CNPJ with a wrong check digit', '11222333000182'],
    ['repeated digits', '11111111111'],
    ['a phone without +55', '11987654321'],
    ['a landline', '+551133334444'],
    ['an area code with a zero', '+5501987654321'],
    ['a foreign phone', '+14155552671'],
    ['a UUID without dashes', '123e4567e12b12d1a456426655440000'],
    ['an e-mail longer than 77 characters', `${'a'.repeat(66)}@example.com`],
    ['an e-mail with an accent', 'joão@example.com'],
    ['an empty key', '   '],
  ])('refuses %s', (_label, raw) => {
    expect(() => normalisePixKey(raw)).toThrow(PixBrCodeError);
  });

  it('says which formats a key may take', () => {
    expect(() => normalisePixKey('nope')).toThrow(/CPF .* CNPJ .* e-mail .* \+55DD9XXXXXXXX/);
  });
});
