import type { Parcel } from './quoter.ts';

/** The smallest package the Correios accept: 16 x 11 x 2 cm. */
export const MIN_PARCEL = { lengthCm: 16, widthCm: 11, heightCm: 2 } as const;

/** The Correios divide C x L x A (cm) by 6000 to get a cubic weight in kg. */
const CUBIC_DIVISOR_CM3_PER_KG = 6000;

/** What one cart line (or the product page's product) adds to the parcel. */
export interface PackageLine {
  quantity: number;
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

/**
 * One parcel for every unit: the units stacked in one box, so weights and heights add up while
 * the box is as long and as wide as the largest unit; then no side below the Correios minimum.
 * Simple and on the generous side for many small pieces, which is what a piercing order is.
 */
export function parcelFromLines(lines: readonly PackageLine[]): Parcel {
  let weightGrams = 0;
  let lengthCm = 0;
  let widthCm = 0;
  let heightCm = 0;
  for (const line of lines) {
    weightGrams += line.weightGrams * line.quantity;
    lengthCm = Math.max(lengthCm, line.lengthCm);
    widthCm = Math.max(widthCm, line.widthCm);
    heightCm += line.heightCm * line.quantity;
  }
  return {
    weightGrams,
    lengthCm: Math.max(lengthCm, MIN_PARCEL.lengthCm),
    widthCm: Math.max(widthCm, MIN_PARCEL.widthCm),
    heightCm: Math.max(heightCm, MIN_PARCEL.heightCm),
  };
}

/** C x L x A / 6000 in kg, given in whole grams rounded up like any other weight here. */
export function cubicWeightGrams(parcel: Parcel): number {
  const volumeCm3 = parcel.lengthCm * parcel.widthCm * parcel.heightCm;
  return Math.ceil((volumeCm3 * 1000) / CUBIC_DIVISOR_CM3_PER_KG);
}

/** The weight the carrier charges: the real one or the cubic one, whichever is larger. */
export function billableWeightGrams(parcel: Parcel): number {
  return Math.max(parcel.weightGrams, cubicWeightGrams(parcel));
}
