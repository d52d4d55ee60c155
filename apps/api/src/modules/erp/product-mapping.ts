import type { CategorySlug } from '@lumina/shared/catalog/categories';
import type { ProductVariation } from '@lumina/shared/catalog/product';
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
