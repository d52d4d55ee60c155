import { parseIntegerId } from '@lumina/shared/validation/integer-id';

/**
 * An id from a URL path: digits within PostgreSQL's integer range, or undefined. Callers answer
 * undefined with the same 404 as someone else's record, so a malformed id never reaches SQL.
 */
export function parsePathId(raw: string): number | undefined {
  return parseIntegerId(raw) ?? undefined;
}
