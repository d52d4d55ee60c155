import { detailKind, type DetailKind, specsBesideOptions } from './option-names.ts';
import { parseProductName } from './product-name.ts';

export { specsBesideOptions } from './option-names.ts';
export { type PricedProduct, type PricedVariant, variantPrices } from './variant-prices.ts';

/**
 * No zod here: product cards and the product page import these helpers, and the home page's
 * code must not carry the schema library (the cart's schemas take the variant id's rule).
 *
 * Variants: each combination of a product's option values (gauge, length, colour, material) is
 * its own SKU with its own stock, and may override the product's prices, weight and photo. A
 * product without options has exactly one variant, so everything is sold through a variant.
 */

export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 30;
export const MAX_VARIANTS = 100;
export const OPTION_NAME_MAX = 30;
export const OPTION_VALUE_MAX = 40;
export const VARIANT_SKU_MAX = 60;
/** Beyond this a count is a typo, not a shelf. */
export const MAX_VARIANT_STOCK = 99_999;
/** R$ 100.000,00: no piece of body jewellery costs more; anything above is a typo. */
export const MAX_VARIANT_PRICE_CENTS = 10_000_000;
export const MAX_VARIANT_WEIGHT_GRAMS = 30_000;

/** Option names the panel suggests; any other name is allowed. */
export const SUGGESTED_OPTION_NAMES = [
  'Diâmetro',
  'Espessura',
  'Comprimento',
  'Cor',
  'Material',
  'Tamanho',
] as const;

export interface ProductOption {
  name: string;
  /** In the order the shopper sees them. */
  values: string[];
}

/** Option name -> value, one entry per option of the product. */
export type OptionValues = Record<string, string>;

/** A variant as the API answers it inside `product.variants`. Overrides are null when inherited. */
export interface ProductVariantDto {
  id: number;
  sku: string;
  option_values: OptionValues;
  stock_quantity: number;
  /** Overrides in reais (the contract's names) and in cents; null: the product's own applies. */
  price: number | null;
  price_cents: number | null;
  sale_price: number | null;
  sale_price_cents: number | null;
  pix_price: number | null;
  pix_price_cents: number | null;
  weight_grams: number | null;
  gtin: string | null;
  image: string | null;
  active: boolean;
  /** At this many units or fewer the catalogue's staff hear of it; null: the store's default. */
  low_stock_threshold?: number | null;
}

/**
 * Every combination of the options' values, the first option varying slowest ('6 mm'+'Prata',
 * '6 mm'+'Dourado', '8 mm'+'Prata', ...): one variant each. Keyed by the option's name, or by
 * `keyOf` (the panel keys its rows by a local key that survives a rename). No options: one
 * empty combination.
 */
export function optionCombinations<O extends { name: string; values: readonly string[] }>(
  options: readonly O[],
  keyOf: (option: O) => string = (option) => option.name,
): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>(
    (combos, option) =>
      combos.flatMap((combo) =>
        option.values.map((value) => ({ ...combo, [keyOf(option)]: value })),
      ),
    [{}],
  );
}

/** A piece of a SKU: 'Ouro Rosé' -> 'OUROROSE', '1,2 mm' -> '1-2MM'. */
function skuPart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/\s+/g, '')
    .replace(/[^A-Z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The SKU a variant is given when the owner leaves it blank: 'CLK' and 8 mm, Prata ->
 * 'CLK-8MM-PRATA'. The panel shows it and the server writes it, so both say the same. '' when
 * the product's SKU has nothing to build on (the panel leaves it to the server).
 */
export function suggestedVariantSku(productSku: string, values: readonly string[]): string {
  const base = skuPart(productSku);
  if (base === '') return '';
  return [base, ...values.map(skuPart).filter(Boolean)].join('-').slice(0, VARIANT_SKU_MAX);
}

/** The variant whose option values are exactly `chosen` (for every option of the product). */
export function findVariant<V extends Pick<ProductVariantDto, 'option_values'>>(
  options: readonly ProductOption[],
  variants: readonly V[],
  chosen: OptionValues,
): V | undefined {
  return variants.find((variant) =>
    options.every((option) => variant.option_values[option.name] === chosen[option.name]),
  );
}

export type OptionValueState = 'available' | 'out_of_stock' | 'unavailable';

/**
 * How a value of one option stands given the other choices made so far: 'available' when some
 * active variant with it (and the other chosen values) has stock, 'out_of_stock' when such
 * variants exist but none has stock, 'unavailable' when that combination does not exist. The
 * product page shows the last two crossed out, never hidden.
 */
export function optionValueState(
  options: readonly ProductOption[],
  variants: readonly Pick<ProductVariantDto, 'option_values' | 'stock_quantity' | 'active'>[],
  chosen: OptionValues,
  optionName: string,
  value: string,
): OptionValueState {
  const matching = variants.filter(
    (variant) =>
      variant.active &&
      variant.option_values[optionName] === value &&
      options.every(
        (option) =>
          option.name === optionName ||
          chosen[option.name] === undefined ||
          variant.option_values[option.name] === chosen[option.name],
      ),
  );
  if (matching.length === 0) return 'unavailable';
  return matching.some((variant) => variant.stock_quantity > 0) ? 'available' : 'out_of_stock';
}

/** "Diâmetro: 8 mm · Cor: Dourado", in the product's option order; '' for a product without. */
export function optionValuesLabel(
  optionValues: OptionValues,
  options?: readonly ProductOption[],
): string {
  const names = options ? options.map((option) => option.name) : Object.keys(optionValues);
  return names
    .filter((name) => optionValues[name] !== undefined)
    .map((name) => `${name}: ${optionValues[name]}`)
    .join(' · ');
}

/**
 * The spec's flat shapes derived from the options: `sizes` are the values of the first
 * size-like option (Tamanho, Diâmetro), `measures` of the first measure-like one (Comprimento,
 * Espessura), and `variations` every option as {name, options}.
 */
export function specShapesOf(options: readonly ProductOption[]): {
  sizes: string[];
  measures: string[];
  variations: { name: string; options: string[] }[];
} {
  const first = (kind: DetailKind) =>
    options.find((option) => detailKind(option.name) === kind)?.values ?? [];
  return {
    sizes: [...first('size')],
    measures: [...first('measure')],
    variations: options.map((option) => ({ name: option.name, options: [...option.values] })),
  };
}

/** A cart line's spec `variation_details` ({size, measure, color}) from its variant's values. */
export function variationDetailsOf(
  optionValues: OptionValues,
  options?: readonly ProductOption[],
): { size?: string; measure?: string; color?: string } {
  const details: { size?: string; measure?: string; color?: string } = {};
  const names = options ? options.map((option) => option.name) : Object.keys(optionValues);
  for (const name of names) {
    const kind = detailKind(name);
    const value = optionValues[name];
    if (kind && value !== undefined && details[kind] === undefined) details[kind] = value;
  }
  return details;
}

/** A shared link keeps the choice: /produto/{id}?variante=SKU. */
export const VARIANT_QUERY_PARAM = 'variante';

/** What a SKU in a link can look like (letters, digits, '.', '_', '-', '/', up to 60). */
export const VARIANT_SKU_PATTERN = /^[\p{L}\p{N}._/-]{1,60}$/u;

/**
 * A line's product name beside its variant's values: the specs the name embeds that the values
 * replace are left out ('Argola - Tamanho: 10mm; Espessura: 1,2mm' bought in Diâmetro 8mm reads
 * 'Argola - Espessura: 1,2mm', the 8mm said by the values under it).
 */
export function nameBesideOptions(name: string, optionValues: OptionValues): string {
  const names = Object.keys(optionValues);
  if (names.length === 0) return name;
  const { title, specs } = parseProductName(name);
  const kept = specsBesideOptions(
    specs,
    names.map((option) => ({ name: option })),
  );
  if (kept.length === specs.length) return name;
  if (kept.length === 0) return title;
  return `${title} - ${kept.map((spec) => `${spec.label}: ${spec.value}`).join('; ')}`;
}
