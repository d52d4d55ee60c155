import { CATEGORY_LABELS, type CategorySlug } from '@lumina/shared/catalog/categories';
import { type PriceRules, qualifiesForFreeShipping } from '@lumina/shared/catalog/pricing';
import { variantPrices } from '@lumina/shared/catalog/variant-prices';
import {
  type CouponRule,
  freeShippingRule,
  priceLines,
} from '@lumina/shared/promotions/coupon-rules';
import type { ProductReadRow, VariantReadRow } from '../catalog/product-dto.ts';
import { descriptionText } from '../catalog/sanitize-description.ts';
import { saoPauloLocal } from '../promotions/coupon-json.ts';
import { shopUrl } from '../storefront/pages.ts';
import { variantPropertyOf } from '../storefront/product-json-ld.ts';
import { nameBesideOptions, VARIANT_QUERY_PARAM } from '@lumina/shared/catalog/variants';

/**
 * One item of the catalogue feeds: one variant a shopper can buy, in the terms both Google's
 * product data specification and Meta's catalogue share. Built once and written out as Google's
 * XML and Meta's CSV, so the two feeds never disagree about a price or a stock.
 */
export interface FeedItem {
  /** Google's `id` (at most 50 characters): the variant's SKU, as the product page's JSON-LD. */
  id: string;
  /** The product's SKU when it is sold in variants (`item_group_id`); null for a single piece. */
  groupId: string | null;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  inStock: boolean;
  /** What anyone pays by card or boleto; PIX pays less (a discount of the payment method). */
  priceCents: number;
  /** A live automatic promotion every buyer of one unit gets, with its dates when it ends. */
  sale: { priceCents: number; effective: { start: Date; end: Date } | null } | null;
  gtin: string | null;
  brand: string;
  /** The shop's own category path, 'Orelha > Argolas'. */
  productType: string;
  /** PAC costs nothing for one unit anywhere in Brazil (the settings' threshold or a promotion). */
  freeShipping: boolean;
  color: string | null;
  size: string | null;
  material: string | null;
  /** Any other option (a model, a finish): Google tells a group's variants apart by these four. */
  pattern: string | null;
}

export interface FeedContext {
  appUrl: string;
  /** The brand the feeds name: the store's trade name (the products have no brand of their own). */
  brand: string;
  rules: Pick<PriceRules, 'pix_discount_percent' | 'free_shipping_threshold_cents'>;
  /** The shop's automatic promotions (the engine skips the ones not on now). */
  promotions: readonly CouponRule[];
  now: Date;
}

/** Google's limits: id 50, title 150, description 5,000, 10 additional images, 100 per attribute. */
export const FEED_LIMITS = {
  id: 50,
  title: 150,
  description: 5000,
  additionalImages: 10,
  attribute: 100,
} as const;

/**
 * Option names the product page's JSON-LD does not map, by the attribute Google knows them as:
 * measures are its size, a stone is its colour; anything else (a model, a finish) its pattern,
 * so every variant of a group differs by some attribute, as Google requires.
 */
const FEED_PROPERTIES: Record<string, 'size' | 'color'> = {
  espessura: 'size',
  comprimento: 'size',
  medida: 'size',
  bitola: 'size',
  calibre: 'size',
  pedra: 'color',
  pedras: 'color',
};

function normalizedName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * Text both feeds can carry: no control character (a name pasted from elsewhere may hold one, and
 * XML 1.0 cannot carry it at all), no lone surrogate, and no line break or run of spaces (Meta
 * asks for text without extra spacing).
 */
export function feedText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- the characters no feed may hold
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** At most `max` characters (code points, so an accent is never cut in half), on a word if it can. */
export function clip(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A GTIN whose GS1 check digit is right; anything else is not an identifier Google can match. */
export function validGtin(value: string | null): string | null {
  if (!value || !/^(\d{8}|\d{12,14})$/.test(value)) return null;
  const digits = [...value].map(Number);
  const check = digits.pop() ?? 0;
  const sum = digits
    .reverse()
    .reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check ? value : null;
}

/**
 * The sale a shopper buying this one unit gets, priced by the same engine as the cart: the best
 * automatic percent promotion on now whose minimum order one unit reaches. Its end is Google's and
 * Meta's sale_price_effective_date; a promotion without an end is a sale without dates.
 */
function saleOf(
  product: { id: number; category: string },
  listCents: number,
  context: FeedContext,
): FeedItem['sale'] {
  const line = {
    key: 0,
    productId: product.id,
    category: product.category,
    quantity: 1,
    listCents,
    pixCents: listCents,
    onSale: false,
  };
  const priced = priceLines({
    lines: [line],
    basis: 'list',
    coupon: null,
    promotions: context.promotions,
    now: context.now,
  });
  const [result] = priced.lines;
  if (!result || result.promotionDiscountCents <= 0) return null;
  const rule = priced.promotions.find((promotion) => promotion.id === result.promotionId);
  const end = rule?.endsAt ?? null;
  return {
    priceCents: result.totalCents,
    effective: end ? { start: rule?.startsAt ?? context.now, end } : null,
  };
}

function freeShippingOf(listCents: number, context: FeedContext): boolean {
  if (qualifiesForFreeShipping(listCents, context.rules)) return true;
  // No delivery state: only a promotion that covers all of Brazil by PAC counts.
  return (
    freeShippingRule({
      coupon: null,
      promotions: context.promotions,
      listSubtotalCents: listCents,
      method: 'pac',
      state: undefined,
      now: context.now,
    }) !== null
  );
}

/** The variant's option values as Google's variant attributes (color, size, material, pattern). */
function attributesOf(product: ProductReadRow, variant: VariantReadRow) {
  const found: Record<'color' | 'size' | 'material' | 'pattern', string[]> = {
    color: [],
    size: [],
    material: [],
    pattern: [],
  };
  for (const option of product.options) {
    const value = variant.option_values[option.name];
    if (value === undefined) continue;
    const property =
      variantPropertyOf(option.name) ?? FEED_PROPERTIES[normalizedName(option.name)] ?? 'pattern';
    found[property].push(feedText(value));
  }
  const join = (values: string[]) =>
    values.length === 0 ? null : clip(values.join(' / '), FEED_LIMITS.attribute);
  return {
    color: join(found.color),
    size: join(found.size),
    material: join(found.material),
    pattern: join(found.pattern),
  };
}

function itemOf(
  product: ProductReadRow,
  variant: VariantReadRow,
  context: FeedContext,
): FeedItem | null {
  const absolute = (path: string) => new URL(shopUrl(context.appUrl, path)).href;
  const mainImage = variant.image ?? product.images[0];
  // Both services refuse an item without a picture: it would only stand in the feed as an error.
  if (!mainImage) return null;
  const prices = variantPrices(
    {
      price_cents: product.priceCents,
      sale_price_cents: product.salePriceCents,
      pix_price_cents: product.pixPriceCents,
    },
    variant,
  );
  // Nothing is sold for nothing: a price of zero is a product still being priced.
  if (prices.price_cents <= 0) return null;
  const values = product.options.flatMap((option) => {
    const value = variant.option_values[option.name];
    return value === undefined ? [] : [feedText(value)];
  });
  // The specs the name embeds that the variant's values replace go ('Argola - Tamanho: 8mm' sold
  // in 6mm is not titled 8mm).
  const name = feedText(nameBesideOptions(product.name, variant.option_values));
  // A product without options is one piece; with options, each variant is one of a group.
  const single = product.options.length === 0;
  const pageUrl = shopUrl(context.appUrl, `/produto/${product.id}`);
  const text = feedText(descriptionText(product.description));
  return {
    id: variant.sku.length <= FEED_LIMITS.id ? variant.sku : `variante-${variant.id}`,
    groupId: single ? null : product.sku,
    title: clip(values.length > 0 ? `${name} - ${values.join(', ')}` : name, FEED_LIMITS.title),
    description: clip(text || name, FEED_LIMITS.description),
    link: single ? pageUrl : `${pageUrl}?${VARIANT_QUERY_PARAM}=${encodeURIComponent(variant.sku)}`,
    imageLink: absolute(mainImage),
    additionalImageLinks: product.images
      .filter((image) => image !== mainImage)
      .slice(0, FEED_LIMITS.additionalImages)
      .map(absolute),
    inStock: variant.stock_quantity > 0,
    priceCents: prices.price_cents,
    sale: saleOf(product, prices.price_cents, context),
    gtin: validGtin(variant.gtin),
    brand: context.brand,
    productType: [CATEGORY_LABELS[product.category as CategorySlug], product.subcategory]
      .filter((part): part is string => Boolean(part))
      .map(feedText)
      .join(' > '),
    freeShipping: freeShippingOf(prices.price_cents, context),
    ...attributesOf(product, variant),
  };
}

/**
 * The feeds' items: every active variant of every product the storefront lists (active, visible
 * or featured; the repository reads only those, and leaves retired variants out), in the
 * catalogue's order. A hidden or inactive product, or a variant switched off, is never an item.
 */
export function feedItemsOf(products: readonly ProductReadRow[], context: FeedContext): FeedItem[] {
  const items: FeedItem[] = [];
  for (const product of products) {
    if (!product.active || product.displayStatus === 'hidden') continue;
    for (const variant of product.variants) {
      if (!variant.active) continue;
      const item = itemOf(product, variant, context);
      if (item) items.push(item);
    }
  }
  return items;
}

/** Google's and Meta's money: '123.45 BRL'. */
export function feedPrice(cents: number): string {
  return `${(cents / 100).toFixed(2)} BRL`;
}

/** ISO 8601 on São Paulo's clock, as the owner set the promotion: '2026-11-27T00:00-03:00'. */
function saoPauloInstant(instant: Date): string {
  return `${saoPauloLocal(instant) ?? ''}-03:00`;
}

/** sale_price_effective_date: 'start/end', both ISO 8601. */
export function feedSaleDates(effective: { start: Date; end: Date }): string {
  return `${saoPauloInstant(effective.start)}/${saoPauloInstant(effective.end)}`;
}
