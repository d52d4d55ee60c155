/** The five price-range checkboxes of the category page (spec 000 §2, §9). */
export interface PriceRange {
  /** Stable value for the URL and the checkbox. */
  id: string;
  label: string;
  minCents: number;
  /** Inclusive, like the minimum: a R$ 50,00 piece is in both of the first two ranges. */
  maxCents: number;
}

export const PRICE_RANGES: readonly PriceRange[] = [
  { id: '0-50', label: 'Até R$ 50', minCents: 0, maxCents: 5_000 },
  { id: '50-100', label: 'R$ 50 a R$ 100', minCents: 5_000, maxCents: 10_000 },
  { id: '100-150', label: 'R$ 100 a R$ 150', minCents: 10_000, maxCents: 15_000 },
  { id: '150-200', label: 'R$ 150 a R$ 200', minCents: 15_000, maxCents: 20_000 },
  { id: '200-999999', label: 'Acima de R$ 200', minCents: 20_000, maxCents: 99_999_900 },
];

export function isInPriceRange(priceCents: number, range: PriceRange): boolean {
  return priceCents >= range.minCents && priceCents <= range.maxCents;
}

/** Same-kind filters combine with OR; no range chosen means no price filter. */
export function matchesPriceRanges(priceCents: number, ranges: readonly PriceRange[]): boolean {
  return ranges.length === 0 || ranges.some((range) => isInPriceRange(priceCents, range));
}
