import type { ProductDto, ProductVariantDto } from '@lumina/shared/catalog/product';
import { describe, expect, it } from 'vitest';
import type { PublicReview } from '@lumina/shared/reviews/review-schemas';
import { JSON_LD_REVIEWS, productJsonLd, type ProductJsonLdInput } from './product-json-ld.ts';

/**
 * The product page's schema.org data from a product as the API answers it; no database, so it
 * runs whatever the catalogue's storage does (pages.test.ts checks the page around it).
 */
const APP_URL = 'https://loja.example.com';

function variant(overrides: Partial<ProductVariantDto>): ProductVariantDto {
  return {
    id: 1,
    sku: 'V-1',
    option_values: {},
    stock_quantity: 4,
    price: null,
    price_cents: null,
    sale_price: null,
    sale_price_cents: null,
    pix_price: null,
    pix_price_cents: null,
    weight_grams: null,
    gtin: null,
    image: null,
    active: true,
    ...overrides,
  };
}

function product(overrides: Partial<ProductDto>): ProductDto {
  return {
    id: 7,
    name: 'Argola Clicker Titânio',
    description: '<p>Argola.</p>',
    complementary_description: null,
    price: 99.9,
    price_cents: 9990,
    preco_pix: null,
    pix_price_cents: null,
    pix_final_price: 94.91,
    pix_final_price_cents: 9491,
    sale_price: null,
    sale_price_cents: null,
    category: 'nariz',
    subcategory: null,
    sku: 'ARG-TI',
    bling_id: null,
    active: true,
    display_status: 'visible',
    images: ['/uploads/products/a.webp'],
    sizes: [],
    measures: [],
    tags: [],
    variations: [],
    options: [],
    variants: [variant({ sku: 'ARG-TI' })],
    stock_quantity: 4,
    stock: 4,
    stock_status: 'in_stock',
    weight_grams: 5,
    length_cm: 5,
    width_cm: 5,
    height_cm: 2,
    last_sync: null,
    created_at: '2026-01-10T12:00:00.000Z',
    updated_at: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

function jsonLd(
  of: ProductDto,
  rules = { pix_discount_percent: 5 },
  reviews?: ProductJsonLdInput['reviews'],
) {
  return productJsonLd({
    rules,
    reviews,
    product: of,
    url: `${APP_URL}/produto/${of.id}`,
    absolute: (path) => `${APP_URL}${path}`,
    description: 'Argola.',
    shopName: 'Lumina Piercings',
  });
}

describe('product JSON-LD', () => {
  it('keeps a Product with one Offer for a product sold as one variant', () => {
    const data = jsonLd(product({}));
    expect(data).toMatchObject({
      '@type': 'Product',
      sku: 'ARG-TI',
      offers: {
        '@type': 'Offer',
        url: `${APP_URL}/produto/7`,
        // PIX: 5% off R$ 99,90.
        price: '94.91',
        priceCurrency: 'BRL',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(data).not.toHaveProperty('hasVariant');
  });

  it('describes a product of several variants as a ProductGroup, each variant with its offer', () => {
    const data = jsonLd(
      product({
        options: [
          { name: 'Diâmetro', values: ['8 mm', '10 mm'] },
          { name: 'Cor', values: ['Prata', 'Dourado'] },
          { name: 'Pedra', values: ['Safira'] },
        ],
        variants: [
          variant({
            id: 1,
            sku: 'ARG-8-P',
            option_values: { Diâmetro: '8 mm', Cor: 'Prata', Pedra: 'Safira' },
            gtin: '7891234567895',
          }),
          variant({
            id: 2,
            sku: 'ARG-10-D',
            option_values: { Diâmetro: '10 mm', Cor: 'Dourado', Pedra: 'Safira' },
            price_cents: 12000,
            image: '/uploads/products/dourado.webp',
            stock_quantity: 0,
          }),
          variant({
            id: 3,
            sku: 'ARG-10-P',
            option_values: { Diâmetro: '10 mm', Cor: 'Prata', Pedra: 'Safira' },
            pix_price_cents: 8000,
            active: false,
          }),
        ],
      }),
    );
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      name: 'Argola Clicker Titânio',
      productGroupID: 'ARG-TI',
      url: `${APP_URL}/produto/7`,
      variesBy: ['https://schema.org/size', 'https://schema.org/color', 'Pedra'],
    });
    expect(data).not.toHaveProperty('offers');
    const variants = data.hasVariant as Record<string, unknown>[];
    expect(variants).toHaveLength(3);
    expect(variants[0]).toEqual({
      '@type': 'Product',
      sku: 'ARG-8-P',
      name: 'Argola Clicker Titânio - 8 mm, Prata, Safira',
      gtin: '7891234567895',
      image: `${APP_URL}/uploads/products/a.webp`,
      size: '8 mm',
      color: 'Prata',
      additionalProperty: [{ '@type': 'PropertyValue', name: 'Pedra', value: 'Safira' }],
      offers: {
        '@type': 'Offer',
        url: `${APP_URL}/produto/7?variante=ARG-8-P`,
        priceCurrency: 'BRL',
        price: '94.91',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: 'Lumina Piercings' },
      },
    });
    // Its own price (5% off R$ 120,00), its own picture, and no stock.
    expect(variants[1]).toMatchObject({
      sku: 'ARG-10-D',
      image: `${APP_URL}/uploads/products/dourado.webp`,
      offers: { price: '114.00', availability: 'https://schema.org/OutOfStock' },
    });
    expect(variants[1]).not.toHaveProperty('gtin');
    // An explicit PIX price; inactive, so out of stock whatever its count.
    expect(variants[2]).toMatchObject({
      offers: { price: '80.00', availability: 'https://schema.org/OutOfStock' },
    });
  });

  it('offers the PIX price the settings give: 10% off, or the full price with no discount', () => {
    expect(jsonLd(product({}), { pix_discount_percent: 10 })).toMatchObject({
      offers: { price: '89.91' },
    });
    expect(jsonLd(product({}), { pix_discount_percent: 0 })).toMatchObject({
      offers: { price: '99.90' },
    });
  });

  it('carries aggregateRating and the newest reviews only when approved reviews exist', () => {
    const review = (id: number, rating: number, text: string): PublicReview => ({
      id,
      author: `Cliente${id}`,
      variant_label: 'Diâmetro: 8 mm',
      rating,
      text,
      created_at: `2026-10-0${id}T15:00:00.000Z`,
      photo_url: null,
      photo_thumb_url: null,
      reply: null,
    });
    const reviews = [1, 2, 3, 4, 5, 6].map((id) => review(id, id % 2 ? 5 : 4, `Texto ${id}`));
    const rated = jsonLd(product({}), undefined, {
      summary: { average: 4.5, count: 8 },
      reviews: [...reviews, review(7, 3, '')],
    });
    expect(rated.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 8,
      bestRating: 5,
      worstRating: 1,
    });
    const listed = rated.review as Record<string, unknown>[];
    expect(listed).toHaveLength(JSON_LD_REVIEWS);
    expect(listed[0]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Cliente1' },
      datePublished: '2026-10-01',
      reviewBody: 'Texto 1',
      reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
    });
    // On a ProductGroup too, beside its variants.
    const group = jsonLd(
      product({
        options: [{ name: 'Diâmetro', values: ['8 mm', '10 mm'] }],
        variants: [
          variant({ id: 1, sku: 'A-8', option_values: { Diâmetro: '8 mm' } }),
          variant({ id: 2, sku: 'A-10', option_values: { Diâmetro: '10 mm' } }),
        ],
      }),
      undefined,
      { summary: { average: 3, count: 1 }, reviews: [review(7, 3, '')] },
    );
    expect(group).toMatchObject({
      '@type': 'ProductGroup',
      aggregateRating: { ratingValue: 3, reviewCount: 1 },
    });
    // A review without text has no reviewBody.
    expect((group.review as Record<string, unknown>[])[0]).not.toHaveProperty('reviewBody');
    // No approved review: no rating at all (an empty one is an error for search engines).
    for (const none of [undefined, { summary: { average: 0, count: 0 }, reviews: [] }]) {
      const data = jsonLd(product({}), undefined, none);
      expect(data).not.toHaveProperty('aggregateRating');
      expect(data).not.toHaveProperty('review');
    }
  });
});
