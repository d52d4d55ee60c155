import { STORAGE_KEYS } from './storage-keys.ts';

function randomUuid(): string {
  // randomUUID exists only in secure contexts (https, localhost); a phone testing the dev server
  // over the LAN gets a v4 UUID built from getRandomValues instead.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
