/** The six categories of the store (spec 000 section 2), in display order. */
export const CATEGORY_SLUGS = [
  'orelha',
  'boca',
  'nariz',
  'sobrancelha',
  'umbigo',
  'mamilo',
] as const;

export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export const CATEGORY_LABELS: Record<CategorySlug, string> = {
  orelha: 'Orelha',
  boca: 'Boca',
  nariz: 'Nariz',
  sobrancelha: 'Sobrancelha',
  umbigo: 'Umbigo',
  mamilo: 'Mamilo',
};

export function isCategorySlug(value: string): value is CategorySlug {
  return (CATEGORY_SLUGS as readonly string[]).includes(value);
}
