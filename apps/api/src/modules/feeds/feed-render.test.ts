// The feeds' writers on their own: limits, identifiers, escaping, and a catalogue of 5,000
// products (10,000 variants) written in a second or so, each feed still valid against its
// specification.
import { describe, expect, it } from 'vitest';
import { validateGoogleFeed, validateMetaCsv } from '../../test/feed-validators.ts';
import type { ProductReadRow, VariantReadRow } from '../catalog/product-dto.ts';
import { clip, feedItemsOf, feedText, validGtin } from './feed-items.ts';
import { escapeXml, renderGoogleFeed } from './google-feed.ts';
import { renderMetaCsv } from './meta-feed.ts';

const CHANNEL = {
  title: 'Loja',
  link: 'https://loja.example/',
  returnsPolicyUrl: null,
  contactEmail: 'sac@loja.example',
  contactPhone: '',
};

const CONTEXT = {
  appUrl: 'https://loja.example',
  brand: 'Loja',
  rules: { pix_discount_percent: 5, free_shipping_threshold_cents: 29_900 },
  promotions: [],
  now: new Date('2026-11-27T12:00:00Z'),
};

function variant(id: number, overrides: Partial<VariantReadRow> = {}): VariantReadRow {
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

function product(id: number, overrides: Partial<ProductReadRow> = {}): ProductReadRow {
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
    variants: [variant(id * 10)],
    ...overrides,
  };
}

describe('feed text', () => {
  it('clips to a limit in characters, on a word, never inside an accent', () => {
    expect(clip('Argola curta', 150)).toBe('Argola curta');
    const long = `${'Argola de aço cirúrgico '.repeat(10)}fim`;
    const clipped = clip(long, 150);
    expect([...clipped].length).toBeLessThanOrEqual(150);
    expect(clipped.endsWith('…')).toBe(true);
    expect(clip('é'.repeat(200), 150)).toBe(`${'é'.repeat(149)}…`);
  });

  it('drops control characters and extra spacing', () => {
    expect(feedText('Argola\u0000 \u0007de\n\naço\uD800 ')).toBe('Argola de aço');
  });

  it('escapes the five markup characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;',
    );
  });

  it('takes a GTIN only with its GS1 check digit', () => {
    expect(validGtin('7891234567895')).toBe('7891234567895');
    expect(validGtin('7891234567891')).toBeNull();
    expect(validGtin('96385074')).toBe('96385074');
    expect(validGtin('123')).toBeNull();
    expect(validGtin(null)).toBeNull();
  });
});

describe('the validators', () => {
  it('refuse a Google item Merchant Center would refuse', () => {
    const valid = renderGoogleFeed(feedItemsOf([product(1)], CONTEXT), CHANNEL);
    expect(validateGoogleFeed(valid)).toHaveLength(1);
    expect(() => validateGoogleFeed(valid.replace('49.90 BRL', '49,90 BRL'))).toThrow(/g:price/);
    expect(() =>
      validateGoogleFeed(valid.replace('<g:identifier_exists>no</g:identifier_exists>', '')),
    ).toThrow(/identifier_exists/);
    expect(() =>
      validateGoogleFeed(valid.replace('<g:availability>in_stock', '<g:availability>in stock')),
    ).toThrow(/g:availability/);
    expect(() => validateGoogleFeed(valid.replace('xmlns:g="http', 'xmlns:g="urn'))).toThrow();
    expect(() => validateGoogleFeed(valid.replace('</g:title>', '</g:titl>'))).toThrow(
      /well-formed/,
    );
    expect(() =>
      validateGoogleFeed(valid.replace('<g:brand>', '<g:marca>Loja</g:marca><g:brand>')),
    ).toThrow(/g:marca/);
  });

  it('refuse a Meta CSV that breaks RFC 4180 or its column list', () => {
    const valid = renderMetaCsv(feedItemsOf([product(1)], CONTEXT));
    expect(validateMetaCsv(valid)).toHaveLength(1);
    expect(() => validateMetaCsv(valid.replace('"Argola 1"', '"Argola "1"'))).toThrow(/CSV/);
    expect(() => validateMetaCsv(valid.replace('id,title', 'title,id'))).toThrow(/header/);
    expect(() => validateMetaCsv(valid.replace('"in stock"', '"in_stock"'))).toThrow(
      /availability/,
    );
    expect(() => validateMetaCsv(valid.replaceAll('\r\n', '\n'))).toThrow(/CRLF/);
  });
});

describe('a catalogue of 5,000 products', () => {
  it('is written as both feeds within two seconds, and both stay valid', () => {
    const products = Array.from({ length: 5000 }, (_, index) =>
      product(index + 1, {
        description: `<p>Peça ${index} em aço &amp; titânio, "polido".</p><ul><li>leve</li></ul>`,
        options: [{ name: 'Diâmetro', values: ['6 mm', '8 mm'] }],
        variants: [
          variant((index + 1) * 10, { sku: `V-${index}-6`, option_values: { Diâmetro: '6 mm' } }),
          variant((index + 1) * 10 + 1, {
            sku: `V-${index}-8`,
            option_values: { Diâmetro: '8 mm' },
            stock_quantity: 0,
          }),
        ],
      }),
    );
    const started = performance.now();
    const items = feedItemsOf(products, CONTEXT);
    const xml = renderGoogleFeed(items, CHANNEL);
    const csv = renderMetaCsv(items);
    const elapsed = performance.now() - started;
    expect(items).toHaveLength(10_000);
    // 10,000 items take 250 to 900 ms here, cold; the bound leaves room for a busy machine.
    expect(elapsed).toBeLessThan(2000);
    expect(validateGoogleFeed(xml)).toHaveLength(10_000);
    expect(validateMetaCsv(csv)).toHaveLength(10_000);
  });
});
