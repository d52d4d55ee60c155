/**
 * Spec 000 section 5: the product-page quantity stays between 1 and the stock. Anything that is
 * not a positive number (an emptied field, letters) becomes 1, fractions are cut.
 */
export function clampQuantity(value: number, stock: number): number {
  const max = Math.max(1, Math.floor(stock));
  if (!Number.isFinite(value)) return 1;
  return Math.min(max, Math.max(1, Math.floor(value)));
}
