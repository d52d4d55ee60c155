import { describe, expect, it } from 'vitest';
import { blingProductDetail } from '../../integrations/bling/bling-schemas.ts';
import { blingDateTime } from '../../integrations/bling/bling-date.ts';
import {
  blingPriceCents,
  blingStockUnits,
  blingVariantsOf,
  blingVariationName,
  guessCategory,
  variationsOf,
} from './product-mapping.ts';

describe('guessCategory', () => {
  it.each([
    ['Argola Septo Clicker Titânio', 'nariz'],
    ['Nostril Zircônia 6mm', 'nariz'],
    ['Labret Cravejado Ouro', 'boca'],
    ['Piercing de Língua Bola', 'boca'],
    ['Argola Tragus Segmentada', 'orelha'],
    ['Barbell Mamilo Aço', 'mamilo'],
    ['Pendente Umbigo Gota', 'umbigo'],
    ['Banana Sobrancelha Preta', 'sobrancelha'],
    ['Argola Lisa 8mm', null],
  ])('%s -> %s', (name, slug) => {
    expect(guessCategory(name)).toBe(slug);
  });
});

describe("Bling's numbers in the shop's units", () => {
  it('turns reais into cents without float drift', () => {
    expect(blingPriceCents(19.9)).toBe(1990);
    expect(blingPriceCents(0.29)).toBe(29);
    expect(blingPriceCents(1234.565)).toBe(123457);
  });

  it('sells whole units, never below zero', () => {
    expect(blingStockUnits(4.7)).toBe(4);
    expect(blingStockUnits(-3)).toBe(0);
    expect(blingStockUnits(null)).toBe(0);
    expect(blingStockUnits(Number.NaN)).toBe(0);
  });
});

describe('variationsOf', () => {
  it("groups Bling's 'Nome:valor;...' variations into option lists", () => {
    const detail = blingProductDetail.parse({
      id: 1,
      nome: 'Argola',
      preco: 10,
      variacoes: [
        {
          id: 2,
          nome: 'Argola 6mm Dourada',
          preco: 10,
          variacao: { nome: 'Tamanho:6mm;Cor:Dourado' },
        },
        {
          id: 3,
          nome: 'Argola 8mm Dourada',
          preco: 10,
          variacao: { nome: 'Tamanho:8mm;Cor:Dourado' },
        },
        { id: 4, nome: 'Argola sem nome', preco: 10, variacao: { nome: 'sem dois pontos' } },
      ],
    });
    expect(variationsOf(detail)).toEqual([
      { name: 'Tamanho', options: ['6mm', '8mm'] },
      { name: 'Cor', options: ['Dourado'] },
    ]);
    expect(variationsOf(undefined)).toEqual([]);
  });
});

describe('blingVariantsOf', () => {
  const variation = (id: number, nome: string, ordem: number, extra: object = {}) => ({
    id,
    nome: `Argola ${nome}`,
    codigo: `ARG-${id}`,
    preco: 10,
    variacao: { nome, ordem },
    ...extra,
  });

  it("reads options in the order of Bling's variations, one variant each", () => {
    const detail = blingProductDetail.parse({
      id: 1,
      nome: 'Argola',
      preco: 10,
      variacoes: [
        variation(3, 'Cor:Prata;Tamanho:6mm', 3, { situacao: 'I' }),
        variation(2, 'Cor:Dourado;Tamanho:8mm', 2, { preco: 12.5, codigo: ' ' }),
        variation(4, 'Cor:Dourado;Tamanho:6mm', 1),
      ],
    });
    expect(blingVariantsOf(detail)).toEqual({
      ok: true,
      options: [
        { name: 'Cor', values: ['Dourado', 'Prata'] },
        { name: 'Tamanho', values: ['6mm', '8mm'] },
      ],
      variants: [
        {
          blingId: 4,
          sku: 'ARG-4',
          optionValues: { Cor: 'Dourado', Tamanho: '6mm' },
          priceCents: null,
          active: true,
        },
        {
          blingId: 2,
          sku: 'BLING-2',
          optionValues: { Cor: 'Dourado', Tamanho: '8mm' },
          priceCents: 1250,
          active: true,
        },
        {
          blingId: 3,
          sku: 'ARG-3',
          optionValues: { Cor: 'Prata', Tamanho: '6mm' },
          priceCents: null,
          active: false,
        },
      ],
    });
  });

  it('refuses in pt-BR more than three options, a missing value or a repeated combination', () => {
    const reasonOf = (...names: string[]) => {
      const read = blingVariantsOf(
        blingProductDetail.parse({
          id: 7,
          nome: 'Argola',
          preco: 10,
          variacoes: names.map((nome, i) => variation(10 + i, nome, i)),
        }),
      );
      return read.ok ? null : read.reason;
    };
    expect(reasonOf('A:1;B:2;C:3;D:4')).toContain('no máximo 3');
    expect(reasonOf('Cor:Prata;Tamanho:6mm', 'Cor:Dourado')).toContain('não informa');
    expect(reasonOf('Cor:Prata', 'Cor:Prata')).toContain('mesmos atributos');
    expect(reasonOf('Cor:Prata', 'Cor:Ouro')).toBeNull();
  });

  it('names a shop variant as Bling does', () => {
    const options = [
      { name: 'Cor', values: ['Dourado'] },
      { name: 'Tamanho', values: ['8mm'] },
    ];
    expect(blingVariationName(options, { Tamanho: '8mm', Cor: 'Dourado' })).toBe(
      'Cor:Dourado;Tamanho:8mm',
    );
  });
});

describe('blingDateTime', () => {
  it("writes a moment on Bling's (Brazilian) clock", () => {
    expect(blingDateTime(new Date('2026-11-25T13:05:09Z'))).toBe('2026-11-25 10:05:09');
    expect(blingDateTime(new Date('2026-01-01T02:00:00Z'))).toBe('2025-12-31 23:00:00');
  });
});
