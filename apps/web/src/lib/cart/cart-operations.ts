import type { QueryClient } from '@tanstack/react-query';
import type { CartItemJson, CartJson, VariationDetails } from '@lumina/shared/cart/cart-schemas';
import { CART_MESSAGES } from '@lumina/shared/cart/quantity-rules';
import { STOCK_FALLBACK } from '@lumina/shared/constants/storefront-constants';
import { ApiError } from '../api-client.ts';
import { storeOf } from '../store-settings.ts';
import { notify } from '../ui-events.ts';
import {
  addServerItem,
  errorCode,
  isServerUnavailable,
  removeServerItem,
  updateServerItem,
} from './cart-api.ts';
import { cartQueryKey } from './cart-key.ts';
import type {
  AddToCartOutcome,
  AddToCartRequest,
  CartLine,
  CartMode,
  CartProduct,
  CartView,
} from './cart-types.ts';
import { cartView, EMPTY_CART } from './cart-view.ts';
import {
  addLocalLine,
  readLocalLines,
  removeLocalLine,
  sameLine,
  updateLocalLine,
  variantIdOf,
  writeLocalLines,
} from './local-cart.ts';

/**
 * What changes a cart (loaded on the first change): server calls for the visitor's or the user's
 * cart, the local fallback when a visitor's server cart cannot be reached (spec 000 §4), and the
 * cache entry every cart view reads.
 */
export interface CartScope {
  client: QueryClient;
  mode: CartMode;
  userId: number | null;
}

function keyOf(scope: CartScope) {
  return cartQueryKey(scope.mode, scope.userId);
}

function currentView(scope: CartScope): CartView {
  return scope.client.getQueryData<CartView>(keyOf(scope)) ?? EMPTY_CART;
}

/** The server lines of the view as a cart, for when only the local lines changed. */
function serverPart(view: CartView): CartJson | null {
  if (!view.synced) return null;
  // Only a browser line may lack its variant: the server's always name theirs.
  const items = view.items.filter((line): line is CartLine & CartItemJson => !line.local);
  const totalCents = items.reduce((sum, line) => sum + line.total_cents, 0);
  return {
    items,
    total: totalCents / 100,
    total_price: totalCents / 100,
    total_cents: totalCents,
    total_items: items.reduce((sum, line) => sum + line.quantity, 0),
    // The coupon and promotions stay as the server last priced them; its prices cover the
    // server's lines only, which have not changed.
    coupon: view.coupon,
    promotions: view.promotions,
    ...(view.pricing ? { pricing: view.pricing } : {}),
  };
}

/**
 * Puts a cart the server (or this browser) just answered on screen. A read still on its way was
 * sent before this change, so it is cancelled rather than allowed to land on top of it.
 */
export async function showCart(scope: CartScope, server: CartJson | null): Promise<void> {
  await scope.client.cancelQueries({ queryKey: keyOf(scope), exact: true });
  scope.client.setQueryData(keyOf(scope), cartView(server, readLocalLines()));
}

async function reload(scope: CartScope): Promise<CartView> {
  await scope.client.refetchQueries({ queryKey: keyOf(scope), exact: true });
  return currentView(scope);
}

function quantityInCart(
  view: CartView,
  product: CartProduct,
  variantId: number | null,
  variation: VariationDetails,
): number {
  return view.items
    .filter((line) => sameLine(line, product, variantId, variation))
    .reduce((sum, line) => sum + line.quantity, 0);
}

/** 4xx answers carry a pt-BR message worth showing; anything else gets the generic one. */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && !isServerUnavailable(error) ? error.message : fallback;
}

export async function addToCart(
  scope: CartScope,
  { product, variant, quantity, variation }: AddToCartRequest,
): Promise<AddToCartOutcome> {
  const variantId = variantIdOf(product, variant);
  try {
    const { cart } = await addServerItem(scope.mode, product.id, variantId, quantity, variation);
    await showCart(scope, cart);
    return { kind: 'added' };
  } catch (error) {
    if (errorCode(error) === 'insufficient_stock') {
      // The stock may have moved since the page was drawn: count from the fresh cart.
      const view = await reload(scope);
      const line = view.items.find((item) => sameLine(item, product, variantId, variation));
      const stock = Math.min(line?.stock ?? product.stock_quantity, STOCK_FALLBACK);
      return {
        kind: 'insufficient-stock',
        message: messageOf(error, CART_MESSAGES.addGeneric),
        allowed: Math.max(0, stock - quantityInCart(view, product, variantId, variation)),
      };
    }
    if (scope.mode === 'anonymous' && isServerUnavailable(error)) {
      const view = currentView(scope);
      const onServer = quantityInCart(
        { ...view, items: view.items.filter((line) => !line.local) },
        product,
        variantId,
        variation,
      );
      const outcome = addLocalLine(
        product,
        variant,
        quantity,
        variation,
        onServer,
        storeOf(scope.client),
      );
      if (outcome.kind === 'added') await showCart(scope, serverPart(view));
      return outcome;
    }
    return { kind: 'error', message: messageOf(error, CART_MESSAGES.addGeneric) };
  }
}

/** Sets a line's quantity (0 or less removes it); a refusal is shown as a toast. */
export async function updateLine(
  scope: CartScope,
  line: CartLine,
  quantity: number,
): Promise<void> {
  if (line.local) {
    const refusal = updateLocalLine(line.id, quantity);
    if (refusal) notify(refusal, 'warning');
    await showCart(scope, serverPart(currentView(scope)));
    return;
  }
  try {
    const cart =
      quantity <= 0
        ? await removeServerItem(scope.mode, line.id)
        : await updateServerItem(scope.mode, line.id, quantity);
    await showCart(scope, cart);
  } catch (error) {
    await reportLineFailure(
      scope,
      error,
      quantity <= 0 ? CART_MESSAGES.removeFailed : CART_MESSAGES.updateFailed,
    );
  }
}

export async function removeLine(scope: CartScope, line: CartLine): Promise<void> {
  if (line.local) {
    removeLocalLine(line.id);
    await showCart(scope, serverPart(currentView(scope)));
    return;
  }
  try {
    await showCart(scope, await removeServerItem(scope.mode, line.id));
  } catch (error) {
    await reportLineFailure(scope, error, CART_MESSAGES.removeFailed);
  }
}

async function reportLineFailure(
  scope: CartScope,
  error: unknown,
  fallback: string,
): Promise<void> {
  const code = errorCode(error);
  if (code === 'insufficient_stock') {
    notify(messageOf(error, fallback), 'warning');
    return;
  }
  if (code === 'cart_item_not_found') {
    // Gone meanwhile (another tab, a purge): show the cart as the server has it.
    notify(CART_MESSAGES.itemNotFound, 'warning');
    await reload(scope);
    return;
  }
  notify(messageOf(error, fallback), 'error');
}

let flushing: Promise<void> | null = null;

/**
 * Sends the local lines to the server's cart (after a login or register, or once a visitor's
 * server cart answers again) and keeps only those the server could not take for lack of an
 * answer. Lines it refused (stock, product gone) are dropped with a warning.
 */
export function flushLocalLines(scope: CartScope): Promise<void> {
  flushing ??= sendLocalLines(scope).finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendLocalLines(scope: CartScope): Promise<void> {
  const lines = readLocalLines();
  if (lines.length === 0) return;
  let server: CartJson | null = null;
  const kept: CartLine[] = [];
  for (const line of lines) {
    try {
      ({ cart: server } = await addServerItem(
        scope.mode,
        line.product_id,
        line.variant_id,
        line.quantity,
        line.variation_details,
      ));
    } catch (error) {
      if (isServerUnavailable(error)) kept.push(line);
      else notify(`${line.name}: ${messageOf(error, CART_MESSAGES.addFailed)}`, 'warning');
    }
  }
  if (kept.length === lines.length) return;
  // Lines added while this ran (a failed add that went local) stay as well.
  const sent = new Set(lines.map((line) => line.id));
  writeLocalLines([...kept, ...readLocalLines().filter((line) => !sent.has(line.id))]);
  await showCart(scope, server ?? serverPart(currentView(scope)));
}
