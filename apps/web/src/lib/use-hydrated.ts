import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while a server-rendered page hydrates, true from then on (and at once
 * for a page the browser renders itself): for what only the browser can know, such as a choice
 * kept in its storage, so the first render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
