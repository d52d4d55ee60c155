import type { VariationDetails } from '@lumina/shared/cart/cart-schemas';
import { stockExceededMessage } from '@lumina/shared/cart/quantity-rules';
import { pixPriceCents } from '@lumina/shared/catalog/pricing';
import { STOCK_FALLBACK } from '@lumina/shared/constants/storefront-constants';
import { STORAGE_KEYS } from '../storage-keys.ts';
import type { AddToCartOutcome, CartLine, CartProduct } from './cart-types.ts';

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

export function readLocalLines(): CartLine[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.localCart) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isLine) : [];
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
  quantity: number,
  variation: VariationDetails,
): CartLine {
  const id = -1 - lines.reduce((max, line) => Math.max(max, -line.id), 0);
  return withQuantity(
    {
      id,
      product_id: product.id,
      product_name: product.name,
      name: product.name,
      sku: product.sku,
      price: product.price_cents / 100,
      price_cents: product.price_cents,
      pix_price: pixPriceCents(product) / 100,
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
 * Adds to the local cart, refusing more than the stock with the spec's message. `elsewhere` is
 * what the server's lines already hold of the same product and variation.
 */
export function addLocalLine(
  product: CartProduct,
  quantity: number,
  variation: VariationDetails,
  elsewhere = 0,
): AddToCartOutcome {
  const lines = readLocalLines();
  const index = lines.findIndex(
    (line) => line.product_id === product.id && sameVariation(line.variation_details, variation),
  );
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
  if (existing) lines[index] = withQuantity(existing, current + quantity);
  else lines.push(newLine(lines, product, quantity, variation));
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
