import { CATEGORY_LABELS } from '@lumina/shared/catalog/categories';
import { pixPriceCents, type PriceRules } from '@lumina/shared/catalog/pricing';
import type { ProductDto, ProductVariantDto } from '@lumina/shared/catalog/product';
import { VARIANT_QUERY_PARAM, variantPrices } from '@lumina/shared/catalog/variants';
import type { ProductReviewsResponse } from '@lumina/shared/reviews/review-schemas';
import { REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '@lumina/shared/reviews/review-rating';

/**
 * The product page's schema.org data: a `Product` with one Offer for a product sold as a single
 * variant, a `ProductGroup` whose `hasVariant` lists each SKU with its own Offer when there are
 * several (https://developers.google.com/search/docs/appearance/structured-data/product-variants).
 * Prices are the PIX prices the shop charges, as the page and its preview show them.
 */

export interface ProductJsonLdInput {
  product: ProductDto;
  /** The page's absolute address (canonical, without a chosen variant). */
  url: string;
  /** The shop's absolute address of a stored path. */
  absolute: (path: string) => string;
  /** The plain text of the description. */
  description: string;
  shopName: string;
  /** The store settings' PIX rule: the offers are at the PIX prices it gives. */
  rules: Pick<PriceRules, 'pix_discount_percent'>;
  /** The approved reviews' mean and count, and the newest of them (the page shows the same). */
  reviews?: Pick<ProductReviewsResponse, 'summary' | 'reviews'>;
}

/** How many reviews the JSON-LD carries: the newest, as the page's first screen of them. */
export const JSON_LD_REVIEWS = 5;

/**
 * `aggregateRating` and `review` (https://developers.google.com/search/docs/appearance/structured-data/review-snippet),
 * only when the product has approved reviews: an empty rating is an error for Google.
 */
function ratingProperties(input: ProductJsonLdInput): Record<string, unknown> {
  const reviews = input.reviews;
  if (!reviews || reviews.summary.count === 0) return {};
  const scale = { bestRating: REVIEW_RATING_MAX, worstRating: REVIEW_RATING_MIN };
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.summary.average,
      reviewCount: reviews.summary.count,
      ...scale,
    },
    review: reviews.reviews.slice(0, JSON_LD_REVIEWS).map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.author },
      datePublished: review.created_at.slice(0, 10),
      ...(review.text ? { reviewBody: review.text } : {}),
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, ...scale },
    })),
  };
}

/** Price in reais for schema.org: '89.91'. */
function amount(cents: number): string {
  return (cents / 100).toFixed(2);
}

function normalizedName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** The schema.org properties search engines know a variant by; other options go by name. */
const VARIES_BY: Record<string, 'color' | 'size' | 'material'> = {
  cor: 'color',
  cores: 'color',
  tamanho: 'size',
  diametro: 'size',
  material: 'material',
};

/** The schema.org (and Google feed) attribute a variant option stands for, if any. */
export function variantPropertyOf(optionName: string): 'color' | 'size' | 'material' | undefined {
  return VARIES_BY[normalizedName(optionName)];
}

function availability(inStock: boolean): string {
  return inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
}

function offer(
  input: ProductJsonLdInput,
  url: string,
  pixCents: number,
  inStock: boolean,
): Record<string, unknown> {
  return {
    '@type': 'Offer',
    url,
    priceCurrency: 'BRL',
    price: amount(pixCents),
    availability: availability(inStock),
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: input.shopName },
  };
}

/** The PIX price a variant sells at (its own prices, else the product's). */
export function variantPixCents(
  product: ProductDto,
  variant: ProductVariantDto,
  rules: Pick<PriceRules, 'pix_discount_percent'>,
): number {
  return pixPriceCents(variantPrices(product, variant), rules);
}

function variantEntry(
  input: ProductJsonLdInput,
  variant: ProductVariantDto,
  images: string[],
): Record<string, unknown> {
  const { product } = input;
  const values = product.options.flatMap((option) => {
    const value = variant.option_values[option.name];
    return value === undefined ? [] : [{ name: option.name, value }];
  });
  const known = Object.fromEntries(
    values.flatMap(({ name, value }) => {
      const property = variantPropertyOf(name);
      return property ? [[property, value]] : [];
    }),
  );
  const others = values.filter(({ name }) => !variantPropertyOf(name));
  const image = variant.image ? input.absolute(variant.image) : images[0];
  const inStock = product.active && variant.active && variant.stock_quantity > 0;
  return {
    '@type': 'Product',
    sku: variant.sku,
    name:
      values.length > 0
        ? `${product.name} - ${values.map((v) => v.value).join(', ')}`
        : product.name,
    ...(variant.gtin ? { gtin: variant.gtin } : {}),
    ...(image ? { image } : {}),
    ...known,
    ...(others.length > 0
      ? {
          additionalProperty: others.map(({ name, value }) => ({
            '@type': 'PropertyValue',
            name,
            value,
          })),
        }
      : {}),
    offers: offer(
      input,
      `${input.url}?${VARIANT_QUERY_PARAM}=${encodeURIComponent(variant.sku)}`,
      variantPixCents(product, variant, input.rules),
      inStock,
    ),
  };
}

export function productJsonLd(input: ProductJsonLdInput): Record<string, unknown> {
  const { product, url, description, shopName } = input;
  const images = product.images.map((image) => input.absolute(image));
  const common = {
    '@context': 'https://schema.org',
    name: product.name,
    description: description || product.name,
    ...(images.length > 0 ? { image: images } : {}),
    category: CATEGORY_LABELS[product.category],
    brand: { '@type': 'Brand', name: shopName },
    ...ratingProperties(input),
  };
  const variants = product.variants ?? [];
  const [only] = variants;
  if (variants.length <= 1) {
    const pix = only
      ? variantPixCents(product, only, input.rules)
      : pixPriceCents(product, input.rules);
    const inStock =
      product.active &&
      (only ? only.active && only.stock_quantity > 0 : product.stock_quantity > 0);
    return {
      ...common,
      '@type': 'Product',
      ...(product.sku ? { sku: product.sku } : {}),
      ...(only?.gtin ? { gtin: only.gtin } : {}),
      offers: offer(input, url, pix, inStock),
    };
  }
  return {
    ...common,
    '@type': 'ProductGroup',
    url,
    productGroupID: product.sku,
    variesBy: product.options.map((option) => {
      const property = variantPropertyOf(option.name);
      return property ? `https://schema.org/${property}` : option.name;
    }),
    hasVariant: variants.map((variant) => variantEntry(input, variant, images)),
  };
}
