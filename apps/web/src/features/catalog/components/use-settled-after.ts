import { useEffect, useState } from 'react';

/**
 * True once `ready` has held for `delayMs`, or at once when it held from the start. The category page keeps its spinner for an extra
 * 800 ms after the products arrive (spec 000, Category page); `key` restarts the wait, e.g. when
 * the category changes.
 */
export function useSettledAfter(ready: boolean, delayMs: number, key: string): boolean {
  // Products already there when the page appears (rendered by the server, or in the cache) did
  // not arrive: nothing to wait for.
  const [settledKey, setSettledKey] = useState<string | null>(() => (ready ? key : null));
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setSettledKey(key), delayMs);
    return () => clearTimeout(timer);
  }, [ready, delayMs, key]);
  return ready && settledKey === key;
}
