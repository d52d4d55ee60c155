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
      pix_price: undefined,
      stock_quantity: 0,
      subcategory: undefined,
      display_status: 'visible',
      sizes: [],
      measures: [],
      images: [],
      options: [],
      variants: undefined,
    });
  });

  it('reads what a shop needs beyond the spec: PIX price, stock, options, pictures', () => {
    const parsed = adminProductFormSchema.parse({
      ...FORM,
      pix_price: '44,90',
      stock_quantity: '12',
      subcategory: ' Argolas ',
      display_status: 'featured',
      sizes: [' 8 mm '],
      images: ['/uploads/products/abc-800.webp'],
    });
    expect(parsed).toMatchObject({
      pix_price: 4490,
      stock_quantity: 12,
      subcategory: 'Argolas',
      display_status: 'featured',
      sizes: ['8 mm'],
      images: ['/uploads/products/abc-800.webp'],
    });
  });

  it.each([
    [{ pix_price: '59,90' }, { pix_price: 'O preço PIX não pode ser maior que o preço' }],
    [{ pix_price: '-1' }, { pix_price: expect.stringMatching(/^Preço PIX inválido/) as string }],
    [
      { stock_quantity: -1 },
      { stock_quantity: 'Estoque deve ser um número inteiro de 0 a 100000' },
    ],
    [
      { stock_quantity: 1.5 },
      { stock_quantity: 'Estoque deve ser um número inteiro de 0 a 100000' },
    ],
    [
      { display_status: 'hidden' },
      { display_status: 'Exibição inválida: escolha visível ou destaque' },
    ],
    [
      { images: ['javascript:alert(1)'] },
      { 'images.0': 'Imagens: até 10 endereços de imagens da loja' },
    ],
  ])('refuses %j', (change, messages) => {
    expect(messagesByPath(adminProductFormSchema, { ...FORM, ...change })).toMatchObject(messages);
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
