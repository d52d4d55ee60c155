import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function getSnapshot(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

/** True when the visitor asked the system for less motion: no autoplay, no sliding. */
export function usePrefersReducedMotion(): boolean {
  // On the server nobody asked for less motion yet; the browser corrects it after hydrating.
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
