import { describe, expect, it } from 'vitest';
import { parseProductName } from './product-name.ts';
import {
  nameBesideOptions,
  optionCombinations,
  specsBesideOptions,
  suggestedVariantSku,
} from './variants.ts';

describe('specsBesideOptions', () => {
  const { specs } = parseProductName('Argola Captive - Tamanho: 10mm; Espessura: 1,2mm');

  it("drops the name's size beside a size option, whatever it is called", () => {
    expect(specsBesideOptions(specs, [{ name: 'Diâmetro' }])).toEqual([
      { label: 'Espessura', value: '1,2mm' },
    ]);
  });

  it('drops a spec under the name of an option, and keeps everything without options', () => {
    expect(specsBesideOptions(specs, [{ name: 'Diâmetro' }, { name: 'espessura' }])).toEqual([]);
    expect(specsBesideOptions(specs, [])).toEqual(specs);
  });

  it('keeps a fixed thickness beside a length option (both measures, not the same one)', () => {
    const bar = parseProductName('Barbell - Comprimento: 16mm; Espessura: 1,6mm').specs;
    expect(specsBesideOptions(bar, [{ name: 'Comprimento' }, { name: 'Cor' }])).toEqual([
      { label: 'Espessura', value: '1,6mm' },
    ]);
  });
});

describe('nameBesideOptions', () => {
  it('leaves out of the name the specs the variant values replace', () => {
    const name = 'Argola Captive - Tamanho: 10mm; Espessura: 1,2mm';
    expect(nameBesideOptions(name, { Diâmetro: '8mm' })).toBe('Argola Captive - Espessura: 1,2mm');
    expect(nameBesideOptions(name, { Diâmetro: '8mm', Espessura: '1,6mm' })).toBe('Argola Captive');
    expect(nameBesideOptions(name, { Cor: 'Dourado' })).toBe(name);
    expect(nameBesideOptions(name, {})).toBe(name);
  });
});

describe('optionCombinations', () => {
  it('gives every combination, the first option varying slowest, keyed by name', () => {
    expect(
      optionCombinations([
        { name: 'Diâmetro', values: ['6 mm', '8 mm'] },
        { name: 'Cor', values: ['Prata', 'Dourado'] },
      ]),
    ).toEqual([
      { Diâmetro: '6 mm', Cor: 'Prata' },
      { Diâmetro: '6 mm', Cor: 'Dourado' },
      { Diâmetro: '8 mm', Cor: 'Prata' },
      { Diâmetro: '8 mm', Cor: 'Dourado' },
    ]);
  });

  it('keys by what it is told, gives one empty combination without options and none for an empty option', () => {
    expect(
      optionCombinations([{ key: 'o1', name: 'Cor', values: ['Prata'] }], (option) => option.key),
    ).toEqual([{ o1: 'Prata' }]);
    expect(optionCombinations([])).toEqual([{}]);
    expect(optionCombinations([{ name: 'Cor', values: [] }])).toEqual([]);
  });
});

describe('suggestedVariantSku', () => {
  it("builds on the product's SKU with each value, upper case, without accents or spaces", () => {
    expect(suggestedVariantSku('clk', ['8 mm', 'Prata'])).toBe('CLK-8MM-PRATA');
    expect(suggestedVariantSku('CLK', ['1,2 mm', 'Ouro Rosé'])).toBe('CLK-1-2MM-OUROROSE');
    expect(suggestedVariantSku('LUM-ORE-001', ['1.2mm', ''])).toBe('LUM-ORE-001-1.2MM');
  });

  it('is empty without a product SKU to build on, and never longer than a SKU may be', () => {
    expect(suggestedVariantSku('', ['8 mm'])).toBe('');
    expect(suggestedVariantSku('--', ['8 mm'])).toBe('');
    expect(suggestedVariantSku('X'.repeat(58), ['Prata'])).toBe(`${'X'.repeat(58)}-P`);
  });
});
