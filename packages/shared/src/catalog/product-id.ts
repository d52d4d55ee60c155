/** PostgreSQL `integer` ids: anything larger can only be a typo or a probe. */
const MAX_ID = 2_147_483_647;

/**
 * A product id as typed in an address (/produto/{id}, /api/products/{id}): a positive integer
 * that fits the column, else null. The API, the product page and the server renderer read it
 * alike, so the page the server draws is the one the browser hydrates.
 */
export function parseProductId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}
