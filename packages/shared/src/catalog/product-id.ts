import { parseIntegerId } from '../validation/integer-id.ts';

/**
 * A product id as typed in an address (/produto/{id}, /api/products/{id}): a positive integer
 * that fits the column, else null. The API, the product page and the server renderer read it
 * alike, so the page the server draws is the one the browser hydrates.
 */
export function parseProductId(raw: string | undefined): number | null {
  return parseIntegerId(raw);
}
