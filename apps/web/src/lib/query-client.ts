import { QueryClient } from '@tanstack/react-query';

/** Spec 000 section 9: product data fresh 5 min, kept 10 min. */
export const PRODUCT_STALE_MS = 5 * 60_000;
export const PRODUCT_GC_MS = 10 * 60_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: PRODUCT_STALE_MS,
      gcTime: PRODUCT_GC_MS,
      retry: 1,
      refetchOnWindowFocus: false,
    },
  },
});
