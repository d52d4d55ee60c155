import { useEffect, useState } from 'react';

/**
 * True once `ready` has held for `delayMs`. The category page keeps its spinner for an extra
 * 800 ms after the products arrive (spec 000, Category page); `key` restarts the wait, e.g. when
 * the category changes.
 */
export function useSettledAfter(ready: boolean, delayMs: number, key: string): boolean {
  const [settledKey, setSettledKey] = useState<string | null>(null);
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setSettledKey(key), delayMs);
    return () => clearTimeout(timer);
  }, [ready, delayMs, key]);
  return ready && settledKey === key;
}
