/**
 * An id from a URL path: digits within PostgreSQL's integer range, or undefined. Callers answer
 * undefined with the same 404 as someone else's record, so a malformed id never reaches SQL.
 */
export function parsePathId(raw: string): number | undefined {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}
