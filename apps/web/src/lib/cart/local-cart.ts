import type { VariationDetails } from '@lumina/shared/cart/cart-schemas';
import { stockExceededMessage } from '@lumina/shared/cart/quantity-rules';
import { pixPriceCents, type PriceRules } from '@lumina/shared/catalog/pricing';
import { STOCK_FALLBACK } from '@lumina/shared/constants/storefront-constants';
import { STORAGE_KEYS } from '../storage-keys.ts';
import type { AddToCartOutcome, CartLine, CartProduct, CartVariant } from './cart-types.ts';

/**
 * The browser's own cart (spec 000 §4): where a visitor's adds go while the server's anonymous
 * cart cannot be reached. Lines carry negative ids so they never meet a server line's id; prices
 * are only for display (the server prices everything again when the lines are sent to it).
 */

function isLine(value: unknown): value is CartLine {
  if (!value || typeof value !== 'object') return false;
  const line = value as Partial<CartLine>;
  return (
    typeof line.id === 'number' &&
    line.id < 0 &&
    typeof line.product_id === 'number' &&
    typeof line.name === 'string' &&
    Number.isSafeInteger(line.quantity) &&
    (line.quantity ?? 0) > 0 &&
    Number.isSafeInteger(line.price_cents)
  );
}

/** Lines stored before products had variants have neither field: no variant, no values. */
function withVariantFields(line: CartLine): CartLine {
  const values: unknown = line.option_values;
  return {
    ...line,
    variant_id: typeof line.variant_id === 'number' ? line.variant_id : null,
    option_values:
      values && typeof values === 'object' && !Array.isArray(values)
        ? (values as CartLine['option_values'])
        : {},
  };
}

export function readLocalLines(): CartLine[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.localCart) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isLine).map(withVariantFields) : [];
  } catch {
    return [];
  }
}

export function writeLocalLines(lines: CartLine[]): void {
  try {
    if (lines.length === 0) localStorage.removeItem(STORAGE_KEYS.localCart);
    else localStorage.setItem(STORAGE_KEYS.localCart, JSON.stringify(lines));
  } catch {
    // Storage blocked or full: the line lives until the page closes, like any unsaved state.
  }
}

export function sameVariation(a: VariationDetails, b: VariationDetails): boolean {
  return (
    (a.size ?? '') === (b.size ?? '') &&
    (a.measure ?? '') === (b.measure ?? '') &&
    (a.color ?? '') === (b.color ?? '')
  );
}

/** The variant an add is for: the one chosen, else the product's only one when it is known. */
export function variantIdOf(product: CartProduct, variant?: CartVariant): number | null {
  if (variant) return variant.id;
  return product.variants?.length === 1 ? (product.variants[0]?.id ?? null) : null;
}

/**
 * Whether `line` is where an add of this product, variant and variation goes: a line is one
 * product and variant. A line without a variant (stored before variants) counts as the
 * product's only variant when the product has just one, and stays apart from a chosen variant
 * otherwise. An add that names no variant (the wishlist's) finds its line by the variation, as
 * before variants.
 */
export function sameLine(
  line: Pick<CartLine, 'product_id' | 'variant_id' | 'variation_details'>,
  product: CartProduct,
  variantId: number | null,
  variation: VariationDetails,
): boolean {
  if (line.product_id !== product.id) return false;
  if (variantId === null) return sameVariation(line.variation_details, variation);
  return (line.variant_id ?? variantIdOf(product)) === variantId;
}

/** A line holds at most the stock, and never more than the plus button's fallback (999). */
function limitOf(stock: number): number {
  return Math.max(0, Math.min(Math.floor(stock), STOCK_FALLBACK));
}

function withQuantity(line: CartLine, quantity: number): CartLine {
  const totalCents = line.price_cents * quantity;
  return { ...line, quantity, total_cents: totalCents, total: totalCents / 100 };
}

function newLine(
  lines: CartLine[],
  product: CartProduct,
  variant: CartVariant | undefined,
  quantity: number,
  variation: VariationDetails,
  rules: Pick<PriceRules, 'pix_discount_percent'> | undefined,
): CartLine {
  const id = -1 - lines.reduce((max, line) => Math.max(max, -line.id), 0);
  return withQuantity(
    {
      id,
      product_id: product.id,
      variant_id: variantIdOf(product, variant),
      option_values: variant?.option_values ?? {},
      product_name: product.name,
      name: product.name,
      sku: product.sku,
      price: product.price_cents / 100,
      price_cents: product.price_cents,
      // Without the settings no discount is promised: the server's cart prices the line anyway.
      pix_price: (rules ? pixPriceCents(product, rules) : product.price_cents) / 100,
      quantity,
      variation_details: variation,
      size: variation.size ?? null,
      measure: variation.measure ?? null,
      image: product.images[0] ?? null,
      total: 0,
      total_cents: 0,
      stock: product.stock_quantity,
      category: product.category ?? '',
      available: true,
      local: true,
    },
    quantity,
  );
}

/**
 * Adds to the local cart, refusing more than the stock with the spec's message. `product` carries
 * the chosen variant's prices and stock; `elsewhere` is what the server's lines already hold of
 * the same product and variant; `rules` are the store settings' (the PIX price follows them).
 */
export function addLocalLine(
  product: CartProduct,
  variant: CartVariant | undefined,
  quantity: number,
  variation: VariationDetails,
  elsewhere = 0,
  rules?: Pick<PriceRules, 'pix_discount_percent'>,
): AddToCartOutcome {
  const lines = readLocalLines();
  const variantId = variantIdOf(product, variant);
  const index = lines.findIndex((line) => sameLine(line, product, variantId, variation));
  const current = lines[index]?.quantity ?? 0;
  const requested = elsewhere + current + quantity;
  const limit = limitOf(product.stock_quantity);
  if (requested > limit) {
    return {
      kind: 'insufficient-stock',
      message: stockExceededMessage(requested, product.stock_quantity),
      allowed: Math.max(0, limit - elsewhere - current),
    };
  }
  const existing = lines[index];
  // An old line found as the product's only variant is named by it from now on.
  if (existing)
    lines[index] = withQuantity({ ...existing, variant_id: variantId }, current + quantity);
  else lines.push(newLine(lines, product, variant, quantity, variation, rules));
  writeLocalLines(lines);
  return { kind: 'added' };
}

/** Sets a local line's quantity; 0 or less removes it. Answers the refusal message, if any. */
export function updateLocalLine(id: number, quantity: number): string | null {
  const lines = readLocalLines();
  const line = lines.find((candidate) => candidate.id === id);
  if (!line) return null;
  if (quantity <= 0) {
    writeLocalLines(lines.filter((candidate) => candidate.id !== id));
    return null;
  }
  if (quantity > limitOf(line.stock)) return stockExceededMessage(quantity, line.stock);
  writeLocalLines(
    lines.map((candidate) => (candidate === line ? withQuantity(line, quantity) : candidate)),
  );
  return null;
}

export function removeLocalLine(id: number): void {
  writeLocalLines(readLocalLines().filter((line) => line.id !== id));
}
