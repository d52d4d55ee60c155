import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Calls `close` when the location changes (a menu link was followed). Adjusts state during render,
 * the pattern React recommends over an effect for "reset when a value changes".
 */
export function useCloseOnNavigation(close: () => void): void {
  const location = useLocation();
  const key = `${location.pathname}${location.search}${location.hash}`;
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    close();
  }
}
