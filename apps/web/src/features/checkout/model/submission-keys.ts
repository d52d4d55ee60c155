function newKey(): string {
  // randomUUID exists only in secure contexts; a phone on the dev server over the LAN gets 32
  // random hex digits, which the API's key rule ([A-Za-z0-9_.:-]{8,128}) accepts as well.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * Idempotency keys for order submissions. A click that sends exactly what the last failed one
 * sent (same form, same cart) reuses its key: if that request did reach the server and only the
 * answer was lost, the server answers the order it already made instead of making a second. A
 * click after the form or the cart changed gets a fresh key, since a reused key would be answered
 * with the earlier order, which holds the old data. The API client's own retry (after refreshing
 * an expired token) resends the same headers, so it keeps the key too.
 */
export function createSubmissionKeys(generate: () => string = newKey) {
  let last: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(fingerprint: string): string {
      if (last?.fingerprint !== fingerprint) last = { fingerprint, key: generate() };
      return last.key;
    },
  };
}
