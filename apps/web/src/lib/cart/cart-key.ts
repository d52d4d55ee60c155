import { useAuth } from '../auth/use-auth.ts';
import type { CartMode } from './cart-types.ts';

/** One cache entry per kind of cart, and per user: a login or logout reads the cart again. */
export function cartQueryKey(mode: CartMode, userId: number | null) {
  return mode === 'user' ? (['cart', 'user', userId] as const) : (['cart', 'anonymous'] as const);
}

/** Whose cart to show; mode null while the stored session is still being checked. */
export function useCartScope(): { mode: CartMode | null; userId: number | null } {
  const { status, user } = useAuth();
  if (status === 'loading') return { mode: null, userId: null };
  return status === 'authenticated'
    ? { mode: 'user', userId: user?.id ?? null }
    : { mode: 'anonymous', userId: null };
}
