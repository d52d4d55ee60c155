/** Reads a JWT payload without a library (the signature is the server's business, not ours). */
function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The `exp` of an access token in milliseconds since the epoch, or null when unreadable. */
export function accessTokenExpiry(token: string): number | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (payload === null || typeof payload !== 'object') return null;
    const exp = (payload as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * True when the token can still be used at `now`. A margin of a few seconds keeps a request
 * from leaving with a token that expires on the way.
 */
export function isAccessTokenFresh(token: string, now: number, marginMs = 5_000): boolean {
  const expiry = accessTokenExpiry(token);
  return expiry !== null && expiry - marginMs > now;
}
