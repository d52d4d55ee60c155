import type { OptionValues, ProductDto, ProductVariantDto } from '@lumina/shared/catalog/product';
import { findVariant, variantPrices } from '@lumina/shared/catalog/variants';
import { displayPriceCents } from './display-price.ts';

/**
 * The product page's choice of a variant, as plain functions: what is chosen first (from the
 * address or because there is nothing to choose), what a click leaves chosen, and the product as
 * the chosen variant sells it.
 */

/**
 * What the page starts with: the variant the address names (`?variante=SKU`); else the only
 * variant there is to sell (a product without options, or one option with a single active
 * variant); else the values of options that have just one (nothing to choose there).
 */
export function initialChoice(product: ProductDto, sku: string | null): OptionValues {
  const named = sku ? product.variants.find((variant) => variant.sku === sku) : undefined;
  if (named) return pick(product, named.option_values);
  const active = product.variants.filter((variant) => variant.active);
  const [only] = active;
  if (product.options.length <= 1 && active.length === 1 && only) {
    return pick(product, only.option_values);
  }
  return Object.fromEntries(
    product.options.flatMap((option) =>
      option.values.length === 1 && option.values[0] !== undefined
        ? [[option.name, option.values[0]]]
        : [],
    ),
  );
}

/** Only the product's own options, so a stray value in the data never counts as a choice. */
function pick(product: ProductDto, values: OptionValues): OptionValues {
  return Object.fromEntries(
    product.options.flatMap((option) => {
      const value = values[option.name];
      return value === undefined ? [] : [[option.name, value]];
    }),
  );
}

/**
 * The choice after the shopper picks `value` for `optionName`. When no active variant has that
 * value with the others chosen (the shopper clicked a value shown as unavailable), the other
 * choices give way to it rather than leave the page at a dead end.
 */
export function choose(
  product: ProductDto,
  chosen: OptionValues,
  optionName: string,
  value: string,
): OptionValues {
  const next = { ...chosen, [optionName]: value };
  const exists = product.variants.some(
    (variant) =>
      variant.active &&
      Object.entries(next).every(([name, wanted]) => variant.option_values[name] === wanted),
  );
  return exists ? next : { [optionName]: value };
}

/** The variant the choice names, once every option has a value (inactive ones included). */
export function chosenVariant(
  product: ProductDto,
  chosen: OptionValues,
): ProductVariantDto | undefined {
  if (product.options.some((option) => chosen[option.name] === undefined)) return undefined;
  return findVariant(product.options, product.variants, chosen);
}

/** The variant's picture first in the gallery, the product's others after it. */
export function galleryImages(product: ProductDto, variant: ProductVariantDto | undefined) {
  const image = variant?.image;
  if (!image) return product.images;
  return [image, ...product.images.filter((other) => other !== image)];
}

/**
 * The product as `variant` sells it: its prices (its own or the product's), SKU, stock and
 * picture, so the page's price, stock and cart helpers work unchanged. Without a variant (the
 * choice is not complete yet) the product stands as it is.
 */
/**
 * Before a full choice, the variant whose price the page shows when the active variants sell at
 * different prices: the cheapest, said 'a partir de'. Undefined when they all sell at one price.
 */
export function cheapestVariant(product: ProductDto): ProductVariantDto | undefined {
  const priced = product.variants
    .filter((variant) => variant.active)
    .map((variant) => ({ variant, cents: displayPriceCents(variantPrices(product, variant)) }));
  if (new Set(priced.map((entry) => entry.cents)).size < 2) return undefined;
  return priced.reduce((low, entry) => (entry.cents < low.cents ? entry : low)).variant;
}

export function productAsVariant(
  product: ProductDto,
  variant: ProductVariantDto | undefined,
): ProductDto {
  if (!variant) {
    const cheapest = cheapestVariant(product);
    if (!cheapest) return product;
    const prices = variantPrices(product, cheapest);
    return {
      ...product,
      ...prices,
      price: prices.price_cents / 100,
      sale_price: prices.sale_price_cents === null ? null : prices.sale_price_cents / 100,
      preco_pix: prices.pix_price_cents === null ? null : prices.pix_price_cents / 100,
    };
  }
  const prices = variantPrices(product, variant);
  const active = product.active && variant.active;
  const stock = active ? Math.max(0, variant.stock_quantity) : 0;
  const reais = (cents: number | null) => (cents === null ? null : cents / 100);
  return {
    ...product,
    ...prices,
    price: prices.price_cents / 100,
    sale_price: reais(prices.sale_price_cents),
    preco_pix: reais(prices.pix_price_cents),
    sku: variant.sku,
    active,
    stock_quantity: stock,
    stock,
    stock_status: stock > 0 ? 'in_stock' : 'out_of_stock',
    images: galleryImages(product, variant),
  };
}
