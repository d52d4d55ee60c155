// Products as the feeds read them, for the feed writers' tests and benchmark.
import type { ProductReadRow, VariantReadRow } from '../modules/catalog/product-dto.ts';

export const FEED_CHANNEL = {
  title: 'Loja',
  link: 'https://loja.example/',
  returnsPolicyUrl: null,
  contactEmail: 'sac@loja.example',
  contactPhone: '',
};

export const FEED_CONTEXT = {
  appUrl: 'https://loja.example',
  brand: 'Loja',
  rules: { pix_discount_percent: 5, free_shipping_threshold_cents: 29_900 },
  promotions: [],
  now: new Date('2026-11-27T12:00:00Z'),
};

export function feedVariant(id: number, overrides: Partial<VariantReadRow> = {}): VariantReadRow {
  return {
    id,
    sku: `SKU-${id}`,
    option_values: {},
    stock_quantity: 1,
    price_cents: null,
    sale_price_cents: null,
    pix_price_cents: null,
    weight_grams: null,
    gtin: null,
    image: null,
    active: true,
    low_stock_threshold: null,
    ...overrides,
  };
}

export function feedProduct(id: number, overrides: Partial<ProductReadRow> = {}): ProductReadRow {
  const at = new Date('2026-01-01T00:00:00Z');
  return {
    id,
    name: `Argola ${id}`,
    description: '<p>Aço cirúrgico.</p>',
    complementaryDescription: null,
    priceCents: 4990,
    pixPriceCents: null,
    salePriceCents: null,
    category: 'orelha',
    subcategory: null,
    sku: `P-${id}`,
    active: true,
    displayStatus: 'visible',
    images: [`/uploads/products/${String(id).padStart(24, '0')}.webp`],
    options: [],
    sizes: [],
    measures: [],
    tags: [],
    variations: [],
    stockQuantity: 1,
    stockStatus: 'in_stock',
    weightGrams: 10,
    lengthCm: 16,
    widthCm: 11,
    heightCm: 2,
    createdAt: at,
    updatedAt: at,
    blingId: null,
    lastSync: null,
    variants: [feedVariant(id * 10)],
    ...overrides,
  };
}

/** `count` products of two sizes each (one sold out), with a description to strip. */
export function largeFeedCatalog(count: number): ProductReadRow[] {
  return Array.from({ length: count }, (_, index) =>
    feedProduct(index + 1, {
      description: `<p>Peça ${index} em aço &amp; titânio, "polido".</p><ul><li>leve</li></ul>`,
      options: [{ name: 'Diâmetro', values: ['6 mm', '8 mm'] }],
      variants: [
        feedVariant((index + 1) * 10, { sku: `V-${index}-6`, option_values: { Diâmetro: '6 mm' } }),
        feedVariant((index + 1) * 10 + 1, {
          sku: `V-${index}-8`,
          option_values: { Diâmetro: '8 mm' },
          stock_quantity: 0,
        }),
      ],
    }),
  );
}
