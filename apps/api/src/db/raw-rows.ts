/** Rows of a raw `db.execute(sql...)`: both drivers (node-postgres, PGlite) answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
