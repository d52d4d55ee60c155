import { useEffect, useState } from 'react';
import { useAuth } from '../auth/use-auth.ts';
import { STORAGE_KEYS } from '../storage-keys.ts';
import { cartWantedChannel } from './cart-events.ts';

/**
 * True when this browser may have a visitor's cart: a server cart with lines (remembered by
 * cart-sync.ts) or lines of the local fallback.
 */
function mayHaveAnonymousCart(): boolean {
  try {
    return (
      localStorage.getItem(STORAGE_KEYS.anonymousCart) !== null ||
      localStorage.getItem(STORAGE_KEYS.localCart) !== null
    );
  } catch {
    return false;
  }
}

/**
 * Whether the page needs the cart's code: a logged-in user (the cart is on the server), a visitor
 * with a cart in this browser, or anyone who asked to add something. A first visit has none of
 * these, so it neither downloads the cart's code nor asks the server for a cart it cannot have.
 * Once needed, it stays loaded.
 */
export function useCartWanted(): boolean {
  const { status } = useAuth();
  const [wanted, setWanted] = useState(false);
  useEffect(() => cartWantedChannel.subscribe(() => setWanted(true)), []);
  if (!wanted && (status === 'authenticated' || mayHaveAnonymousCart())) setWanted(true);
  return wanted;
}
