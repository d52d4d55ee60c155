import { useSyncExternalStore } from 'react';
import { channel } from '../ui-events.ts';
import type { AddToCartRequest } from './cart-types.ts';

/**
 * The cart's signals, the only cart code every page carries. Adding to the cart is a request,
 * like opening the login dialog: product cards and the product page raise it and the cart's
 * code, loaded on demand, answers it. Requests raised before that code is there wait for it, and
 * `cartWantedChannel` tells the layout to load it. The cart's code publishes the item count for
 * the header badge.
 */
type AddHandler = (request: AddToCartRequest) => void;

let handler: AddHandler | null = null;
const waiting: AddToCartRequest[] = [];

export const cartWantedChannel = channel<void>();

export function requestAddToCart(request: AddToCartRequest): void {
  if (handler) handler(request);
  else {
    waiting.push(request);
    cartWantedChannel.emit();
  }
}

/** Installs the one handler (and hands it what waited); returns the uninstall. */
export function handleAddToCartRequests(next: AddHandler): () => void {
  handler = next;
  for (const request of waiting.splice(0)) next(request);
  return () => {
    if (handler === next) handler = null;
  };
}

let itemCount = 0;
const countChannel = channel<void>();
const subscribeToCount = (listener: () => void) => countChannel.subscribe(listener);

export function publishCartCount(count: number): void {
  if (count === itemCount) return;
  itemCount = count;
  countChannel.emit();
}

/** The header badge: the cart's item count once the cart has been read, 0 until then. */
export function useCartCount(): number {
  return useSyncExternalStore(
    subscribeToCount,
    () => itemCount,
    // A page rendered on the server knows no cart: 0, as the browser's first render says too.
    () => 0,
  );
}
