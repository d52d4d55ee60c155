/** 'dia útil' for exactly one, otherwise 'dias úteis' (spec 001 §9). */
export function businessDaysWord(count: number): string {
  return count === 1 ? 'dia útil' : 'dias úteis';
}

/** 1 -> '1 dia útil', 5 -> '5 dias úteis'. */
export function formatBusinessDays(count: number): string {
  return `${count} ${businessDaysWord(count)}`;
}
