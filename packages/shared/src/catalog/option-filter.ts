/**
 * The listings' option filter: `?opcao=Diâmetro:8 mm&opcao=Cor:Prata`. Values of the same option
 * combine with OR, different options with AND, and a product matches through one live, active
 * variant holding the chosen values (stock does not matter: the listings show sold-out products).
 * The API (product-query.ts), the pages' addresses (listing-params.ts) and the web app read the
 * parameter through these helpers, so an address means the same list everywhere.
 */
export const OPTION_FILTER_PARAM = 'opcao';
export const OPTION_FILTER_MAX_ENTRIES = 10;
export const OPTION_FILTER_ENTRY_MAX = 80;

export interface OptionFilterEntry {
  name: string;
  value: string;
}

/** One option's chosen values, as the API applies them. */
export interface OptionFilterGroup {
  name: string;
  values: string[];
}

/** 'Diâmetro:8 mm'; the name ends at the first colon, so a value may hold colons. */
export function formatOptionFilter(name: string, value: string): string {
  return `${name}:${value}`;
}

/** null for an entry without a name or a value ('Cor', ':Prata', 'Cor:'). */
export function parseOptionFilter(entry: string): OptionFilterEntry | null {
  const colon = entry.indexOf(':');
  if (colon < 0) return null;
  const name = entry.slice(0, colon).trim();
  const value = entry.slice(colon + 1).trim();
  return name && value ? { name, value } : null;
}

/**
 * The canonical form of a list of entries: trimmed, without repeats, sorted, so '?opcao=b&opcao=a'
 * and '?opcao=a&opcao=b' share one cache entry. Invalid entries must be refused before.
 */
export function canonicalOptionFilters(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const entry of entries) {
    const parsed = parseOptionFilter(entry);
    if (parsed) seen.add(formatOptionFilter(parsed.name, parsed.value));
  }
  return [...seen].sort();
}

/** Entries grouped by option name, in the order the names first come. */
export function groupOptionFilters(entries: readonly string[]): OptionFilterGroup[] {
  const groups = new Map<string, string[]>();
  for (const entry of entries) {
    const parsed = parseOptionFilter(entry);
    if (!parsed) continue;
    const values = groups.get(parsed.name) ?? [];
    if (!values.includes(parsed.value)) values.push(parsed.value);
    groups.set(parsed.name, values);
  }
  return [...groups].map(([name, values]) => ({ name, values }));
}
