import { describe, expect, it } from 'vitest';
import { messagesByPath } from '../test-support/zod-issues.ts';
import { addressSchema } from './address-schema.ts';

const ADDRESS = {
  name: 'Casa',
  street: 'Rua Augusta',
  number: '1500',
  neighborhood: 'Consolação',
  city: 'São Paulo',
  state: 'SP',
  zip_code: '01310-100',
};

describe('addressSchema', () => {
  it('normalises an address', () => {
    expect(addressSchema.parse({ ...ADDRESS, state: ' rj ', complement: ' Apto 12 ' })).toEqual({
      ...ADDRESS,
      state: 'RJ',
      zip_code: '01310100',
      complement: 'Apto 12',
      is_default: false,
    });
  });

  it('gives a body without a name the default one', () => {
    const { name: _name, ...withoutName } = ADDRESS;
    expect(addressSchema.parse(withoutName).name).toBe('Endereço Principal');
  });

  it.each([
    [{ name: ' ' }, { name: 'Nome do endereço é obrigatório' }],
    [{ street: '' }, { street: 'Rua é obrigatória' }],
    [{ number: undefined }, { number: 'Número é obrigatório' }],
    [{ neighborhood: '' }, { neighborhood: 'Bairro é obrigatório' }],
    [{ city: '' }, { city: 'Cidade é obrigatória' }],
    [{ state: '' }, { state: 'Estado é obrigatório' }],
    [{ state: 'São Paulo' }, { state: 'Estado inválido (use a sigla de 2 letras, ex.: SP)' }],
    [{ state: 'XX' }, { state: 'Estado inválido (use a sigla de 2 letras, ex.: SP)' }],
    [{ zip_code: '' }, { zip_code: 'CEP deve ter 8 dígitos' }],
    [{ zip_code: '01310-10' }, { zip_code: 'CEP deve ter 8 dígitos' }],
    [
      { complement: 'x'.repeat(101) },
      { complement: 'Complemento deve ter no máximo 100 caracteres' },
    ],
    [{ street: 'x'.repeat(201) }, { street: 'Rua deve ter no máximo 200 caracteres' }],
    [{ complement: null }, {}],
  ])('%j -> %j', (change, messages) => {
    expect(messagesByPath(addressSchema, { ...ADDRESS, ...change })).toEqual(messages);
  });
});
