/**
 * Lower case, accents stripped (NFD, then combining marks removed), whitespace collapsed.
 * Both the stored `search_text`/`name_key` columns and every search term go through this one
 * function, which is what makes search accent- and case-insensitive on any PostgreSQL.
 */
export function normalizeText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Splits a shopper's search into distinct normalised words; every word must match. */
export function searchTerms(search: string): string[] {
  return [...new Set(normalizeText(search).split(' ').filter(Boolean))];
}

/** A LIKE pattern matching `term` anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
