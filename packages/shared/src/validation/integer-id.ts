/** The largest PostgreSQL `integer`: an id above it can only be a typo or a probe, never a row. */
export const INTEGER_ID_MAX = 2_147_483_647;

/** An id as typed in an address: a positive integer that fits the column, else null. */
export function parseIntegerId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= INTEGER_ID_MAX ? id : null;
}
