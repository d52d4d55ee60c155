import { describe, expect, it } from 'vitest';
import { parseProductName } from './product-name.ts';

describe('parseProductName', () => {
  it.each([
    [
      'Argola Segmentada - Tamanho: 8mm; Espessura: 1,2mm',
      'Argola Segmentada',
      [
        { label: 'Tamanho', value: '8mm' },
        { label: 'Espessura', value: '1,2mm' },
      ],
    ],
    [
      'Labret Titânio Tamanho: 6mm; Medida: 1,2mm; Comprimento: 8mm',
      'Labret Titânio',
      [
        { label: 'Tamanho', value: '6mm' },
        { label: 'Medida', value: '1,2mm' },
        { label: 'Comprimento', value: '8mm' },
      ],
    ],
    [
      'Piercing Septo Clicker (medida: 1,0mm)',
      'Piercing Septo Clicker',
      [{ label: 'medida', value: '1,0mm' }],
    ],
    ['Nostril - Tamanho: 8mm;', 'Nostril', [{ label: 'Tamanho', value: '8mm' }]],
  ])('splits %j into a title and its specs', (name, title, specs) => {
    expect(parseProductName(name)).toEqual({ title, specs });
  });

  it('keeps a name without specs as it is', () => {
    expect(parseProductName('  Barbell Reto Aço Cirúrgico ')).toEqual({
      title: 'Barbell Reto Aço Cirúrgico',
      specs: [],
    });
  });

  it('does not mistake a word that contains a label for a spec', () => {
    expect(parseProductName('Argola Multitamanho: kit').specs).toEqual([]);
  });

  it('attaches an unlabelled piece to the spec before it', () => {
    expect(parseProductName('Argola - Tamanho: 8mm; ouro 18k').specs).toEqual([
      { label: 'Tamanho', value: '8mm; ouro 18k' },
    ]);
  });

  it('falls back to the whole name when it starts with a spec', () => {
    expect(parseProductName('Tamanho: 8mm')).toEqual({
      title: 'Tamanho: 8mm',
      specs: [{ label: 'Tamanho', value: '8mm' }],
    });
  });
});
