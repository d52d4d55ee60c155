import { describe, expect, it } from 'vitest';
import { parseProductName } from './product-name.ts';
import { nameBesideOptions, specsBesideOptions } from './variants.ts';

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
