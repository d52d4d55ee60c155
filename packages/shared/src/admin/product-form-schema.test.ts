import { describe, expect, it } from 'vitest';
import { messagesByPath } from '../test-support/zod-issues.ts';
import { adminPriceCents, adminProductFormSchema } from './product-form-schema.ts';

const FORM = { name: 'Argola de Titânio', price: '49,90', category: 'Orelha' };

describe('adminPriceCents', () => {
  it.each([
    ['49,90', 4990],
    ['49.9', 4990],
    [49.9, 4990],
    ['10', 1000],
    ['0', undefined],
    ['49,999', undefined],
    ['-5', undefined],
    ['1.234,56', undefined],
    ['abc', undefined],
  ])('%j -> %s', (price, cents) => {
    expect(adminPriceCents(price)).toBe(cents);
  });
});

describe('adminProductFormSchema', () => {
  it('outputs cents and defaults', () => {
    expect(adminProductFormSchema.parse(FORM)).toEqual({
      name: 'Argola de Titânio',
      price: 4990,
      category: 'orelha',
      description: undefined,
      sku: undefined,
      active: true,
    });
  });

  it.each([
    [{ name: '' }, { name: 'Nome é obrigatório' }],
    [{ price: '' }, { price: 'Preço é obrigatório' }],
    [{ price: undefined }, { price: 'Preço é obrigatório' }],
    [
      { price: '1,001' },
      { price: 'Preço inválido (use um valor maior que zero com até 2 casas decimais)' },
    ],
    [{ category: '' }, { category: 'Categoria é obrigatória' }],
    [{ category: 'pescoço' }, { category: 'Categoria é obrigatória' }],
    [{ sku: 'x'.repeat(61) }, { sku: 'SKU deve ter no máximo 60 caracteres' }],
  ])('%j -> %j', (change, messages) => {
    expect(messagesByPath(adminProductFormSchema, { ...FORM, ...change })).toEqual(messages);
  });
});
