/**
 * Every browser-storage key and cookie name of the web app, one place, one key per value.
 * The system the spec describes kept the access token under two different keys; here each piece
 * of state has exactly one name, and later features import it from this file.
 */
export const STORAGE_KEYS = {
  cookieConsent: 'lumina.cookie-consent',
  accessToken: 'lumina.access-token',
  refreshToken: 'lumina.refresh-token',
  user: 'lumina.user',
  sessionId: 'lumina.session-id',
  localCart: 'lumina.local-cart',
  localWishlist: 'lumina.local-wishlist',
  privacyRequests: 'lumina.privacy-requests',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The 365-day cookie that records the cookie-consent choice (readable by the server too). */
export const CONSENT_COOKIE_NAME = 'lumina_cookie_consent';
