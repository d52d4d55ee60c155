import { STORAGE_KEYS } from './storage-keys.ts';

function randomUuid(): string {
  // randomUUID exists only in secure contexts (https, localhost); a phone testing the dev server
  // over the LAN gets a v4 UUID built from getRandomValues instead.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(31));
  let index = 0;
  // Each x is a random hex digit; y is one of 8, 9, a, b (the RFC 4122 variant).
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (char) => {
    const random = (bytes[index++] ?? 0) & 15;
    return (char === 'x' ? random : (random & 3) | 8).toString(16);
  });
}

let memoryId: string | null = null;

/**
 * The browser's session id (the X-Session-ID header that names the anonymous cart), created once
 * and kept in localStorage; kept in memory when storage is blocked.
 */
export function getSessionId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.sessionId);
    if (stored) return stored;
    const created = randomUuid();
    localStorage.setItem(STORAGE_KEYS.sessionId, created);
    return created;
  } catch {
    memoryId ??= randomUuid();
    return memoryId;
  }
}
