/**
 * What an option's name means (a size, a measure, a colour) and which of a name's embedded specs
 * an option replaces. Apart from variants.ts so that a product card, on every listing and the
 * home page, carries only these few lines.
 */

export function normalizedName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

const SIZE_NAMES = new Set(['tamanho', 'diametro', 'aro']);
const MEASURE_NAMES = new Set(['medida', 'comprimento', 'espessura', 'bitola', 'haste']);
const COLOUR_NAMES = new Set(['cor', 'cores', 'banho']);

export type DetailKind = 'size' | 'measure' | 'color';

export function detailKind(optionName: string): DetailKind | undefined {
  const name = normalizedName(optionName);
  if (SIZE_NAMES.has(name)) return 'size';
  if (MEASURE_NAMES.has(name)) return 'measure';
  if (COLOUR_NAMES.has(name)) return 'color';
  return undefined;
}

/**
 * The specs a product's name embeds ('Argola - Tamanho: 10mm; Espessura: 1,2mm') that its
 * options do not replace. A name written for one piece names one size, while the options sell
 * several: a spec under an option's name, or a size beside a size option (Tamanho beside
 * Diâmetro), would contradict the variant chosen. Other specs (a fixed thickness) stay.
 */
export function specsBesideOptions<S extends { label: string }>(
  specs: readonly S[],
  options: readonly { name: string }[],
): S[] {
  const names = new Set(options.map((option) => normalizedName(option.name)));
  const sized = options.some((option) => detailKind(option.name) === 'size');
  return specs.filter((spec) => {
    const label = normalizedName(spec.label);
    return !names.has(label) && !(sized && SIZE_NAMES.has(label));
  });
}
