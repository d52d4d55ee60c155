import { describe, expect, it } from 'vitest';
import { billableWeightGrams, cubicWeightGrams, parcelFromLines } from './parcel.ts';

const earring = { quantity: 1, weightGrams: 10, lengthCm: 16, widthCm: 11, heightCm: 2 };

describe('parcelFromLines', () => {
  it('adds weights and heights, keeps the largest length and width', () => {
    expect(
      parcelFromLines([
        { ...earring, quantity: 3 },
        { quantity: 2, weightGrams: 120, lengthCm: 20, widthCm: 9, heightCm: 4 },
      ]),
    ).toEqual({ weightGrams: 270, lengthCm: 20, widthCm: 11, heightCm: 14 });
  });

  it('never goes below the Correios minimum box of 16 x 11 x 2 cm', () => {
    expect(
      parcelFromLines([{ quantity: 1, weightGrams: 3, lengthCm: 4, widthCm: 3, heightCm: 1 }]),
    ).toEqual({ weightGrams: 3, lengthCm: 16, widthCm: 11, heightCm: 2 });
  });
});

describe('billable weight', () => {
  it('is the cubic weight C x L x A / 6000 kg when the box is light for its size', () => {
    const box = { weightGrams: 10, lengthCm: 16, widthCm: 11, heightCm: 2 };
    // 352 cm3 / 6000 = 0.05866 kg -> 59 g
    expect(cubicWeightGrams(box)).toBe(59);
    expect(billableWeightGrams(box)).toBe(59);
  });

  it('is the real weight when the parcel is dense', () => {
    expect(billableWeightGrams({ weightGrams: 800, lengthCm: 16, widthCm: 11, heightCm: 2 })).toBe(
      800,
    );
  });

  it('is exact at a whole kilogram: 30 x 20 x 10 cm weighs 1 kg cubic', () => {
    expect(cubicWeightGrams({ weightGrams: 1, lengthCm: 30, widthCm: 20, heightCm: 10 })).toBe(
      1000,
    );
  });
});
