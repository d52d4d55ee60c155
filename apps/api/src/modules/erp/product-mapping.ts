import type { CategorySlug } from '@lumina/shared/catalog/categories';
import type { ProductVariation } from '@lumina/shared/catalog/product';
import type { OptionValues, ProductOption } from '@lumina/shared/catalog/variants';
import type {
  BlingListedProduct,
  BlingProductDetail,
} from '../../integrations/bling/bling-schemas.ts';
import { normalizeText } from '../catalog/search-text.ts';

/**
 * Bling knows nothing of the shop's six categories, so a new product's category comes from the
 * words of its name (Bling's own category tree differs from shop to shop). Specific placements
 * come before the body part's name: "Argola Septo" is a nose piece even if it says argola.
 */
const CATEGORY_WORDS: [CategorySlug, string[]][] = [
  ['mamilo', ['mamilo', 'nipple']],
  ['umbigo', ['umbigo', 'navel', 'belly']],
  ['sobrancelha', ['sobrancelha', 'eyebrow']],
  ['nariz', ['nariz', 'nostril', 'septo', 'septum', 'bridge', 'narina']],
  [
    'boca',
    ['boca', 'labret', 'labio', 'lingua', 'tongue', 'medusa', 'monroe', 'smiley', 'madonna'],
  ],
  [
    'orelha',
    [
      'orelha',
      'tragus',
      'helix',
      'lobulo',
      'conch',
      'rook',
      'daith',
      'industrial',
      'alargador',
      'orbital',
      'cartilagem',
    ],
  ],
];

export function guessCategory(name: string): CategorySlug | null {
  const words = new Set(normalizeText(name).split(/[^a-z0-9]+/));
  for (const [slug, keys] of CATEGORY_WORDS) {
    if (keys.some((key) => words.has(key))) return slug;
  }
  return null;
}

/** Bling's prices are reais with decimals; the shop counts cents. */
export function blingPriceCents(preco: number): number {
  return Math.round(preco * 100);
}

/** A balance can be fractional or below zero in Bling; the shop sells whole units, never < 0. */
export function blingStockUnits(balance: number | null | undefined): number {
  if (balance === null || balance === undefined || !Number.isFinite(balance)) return 0;
  return Math.max(0, Math.floor(balance));
}

/** Bling's variations ("Tamanho:8mm;Cor:Dourado") as the shop's option lists. */
export function variationsOf(detail: BlingProductDetail | undefined): ProductVariation[] {
  const options = new Map<string, string[]>();
  for (const variation of detail?.variacoes ?? []) {
    for (const part of (variation.variacao?.nome ?? '').split(';')) {
      const [rawName, rawValue] = part.split(':');
      const name = rawName?.trim();
      const value = rawValue?.trim();
      if (!name || !value) continue;
      const values = options.get(name) ?? [];
      if (!values.includes(value)) values.push(value);
      options.set(name, values);
    }
  }
  return [...options].map(([name, values]) => ({ name, options: values }));
}

/** The shop sells at most three options per product (the panel's variant grid). */
export const OPTIONS_MAX = 3;

/** One of Bling's variations as a shop variant: its own Bling id, SKU, values and price. */
export interface BlingVariantFields {
  blingId: number;
  sku: string;
  optionValues: OptionValues;
  /** Null when the variation sells at its parent's price. */
  priceCents: number | null;
  active: boolean;
}

/** "Cor:Dourado;Tamanho:8mm" as pairs; a part without a name or a value is left out. */
function parseVariationName(nome: string | null | undefined): [string, string][] {
  return (nome ?? '').split(';').flatMap((part): [string, string][] => {
    const at = part.indexOf(':');
    if (at < 0) return [];
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    return name && value ? [[name, value]] : [];
  });
}

/**
 * A Bling product with variations as the shop's options and variants: options in the order
 * Bling's variations come (by `variacao.ordem`), each variation one variant. Answers a reason
 * (pt-BR) when the shop cannot sell it that way.
 */
export function blingVariantsOf(
  detail: BlingProductDetail,
):
  | { ok: true; options: ProductOption[]; variants: BlingVariantFields[] }
  | { ok: false; reason: string } {
  const variations = [...(detail.variacoes ?? [])].sort(
    (a, b) => (a.variacao?.ordem ?? 0) - (b.variacao?.ordem ?? 0),
  );
  const options = new Map<string, string[]>();
  const parentPrice = blingPriceCents(detail.preco);
  const variants = variations.map((variation): BlingVariantFields => {
    const optionValues: OptionValues = {};
    for (const [name, value] of parseVariationName(variation.variacao?.nome)) {
      const values = options.get(name) ?? [];
      if (!values.includes(value)) values.push(value);
      options.set(name, values);
      optionValues[name] = value;
    }
    const price = blingPriceCents(variation.preco);
    return {
      blingId: variation.id,
      sku: variation.codigo?.trim() || `BLING-${variation.id}`,
      optionValues,
      priceCents: price > 0 && price !== parentPrice ? price : null,
      active: variation.situacao === 'A',
    };
  });
  if (options.size > OPTIONS_MAX) {
    return {
      ok: false,
      reason: `Produto ${detail.id} do Bling: as variações usam ${options.size} atributos (${[...options.keys()].join(', ')}); a loja aceita no máximo ${OPTIONS_MAX}.`,
    };
  }
  const option = [...options].map(([name, values]) => ({ name, values }));
  const incomplete = variations.find((_v, i) =>
    option.some((o) => !variants[i]?.optionValues[o.name]),
  );
  if (incomplete) {
    return {
      ok: false,
      reason: `Produto ${detail.id} do Bling: a variação "${incomplete.variacao?.nome ?? ''}" não informa ${option.map((o) => o.name).join(', ')} no formato Nome:Valor;Nome:Valor.`,
    };
  }
  // Two variations with the same values would be one choice for the shopper.
  const keys = variants.map((v) => option.map((o) => v.optionValues[o.name] ?? '').join('\u0000'));
  if (new Set(keys).size !== keys.length) {
    return {
      ok: false,
      reason: `Produto ${detail.id} do Bling: duas variações têm os mesmos atributos (${variations.map((v) => v.variacao?.nome ?? '').join(' / ')}).`,
    };
  }
  return { ok: true, options: option, variants };
}

/** A shop variant's values as Bling's variation name, "Cor:Dourado;Tamanho:8mm". */
export function blingVariationName(options: ProductOption[], values: OptionValues): string {
  return options
    .filter((option) => values[option.name])
    .map((option) => `${option.name}:${values[option.name]}`)
    .join(';');
}

/** What Bling decides about a product; the shop keeps the rest (category, photos, PIX price). */
export interface BlingProductFields {
  blingId: string;
  name: string;
  priceCents: number;
  sku: string;
  active: boolean;
  description: string;
  variations: ProductVariation[];
}

export function blingProductFields(
  listed: BlingListedProduct,
  detail?: BlingProductDetail,
): BlingProductFields {
  const source = detail ?? listed;
  return {
    blingId: String(source.id),
    name: source.nome,
    priceCents: blingPriceCents(source.preco),
    // A product without a code in Bling still needs a unique SKU in the shop.
    sku: source.codigo?.trim() || `BLING-${source.id}`,
    active: source.situacao === 'A',
    description: source.descricaoCurta ?? '',
    variations: variationsOf(detail),
  };
}
