/**
 * Every browser-storage key and cookie name of the web app, one place, one key per value.
 * The system the spec describes kept the access token under two different keys; here each piece
 * of state has exactly one name, and later features import it from this file.
 * There is no refresh-token key on purpose: the refresh token lives only in the API's httpOnly
 * cookie (REFRESH_COOKIE_NAME), where page scripts cannot read it.
 */
export const STORAGE_KEYS = {
  cookieConsent: 'lumina.cookie-consent',
  accessToken: 'lumina.access-token',
  user: 'lumina.user',
  sessionId: 'lumina.session-id',
  localCart: 'lumina.local-cart',
  /** '1' while this browser's anonymous cart on the server has lines (skips a request if not). */
  anonymousCart: 'lumina.anonymous-cart',
  localWishlist: 'lumina.local-wishlist',
  /** The order and payment the checkout just created (spec 001 §4 step 5); cleared on a result. */
  pendingPayment: 'lumina.pending-payment',
  /** sessionStorage: where to go back after the Google sign-in round trip. */
  authReturnPath: 'lumina.auth-return',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The 365-day cookie that records the cookie-consent choice (readable by the server too). */
export const CONSENT_COOKIE_NAME = 'lumina_cookie_consent';

/** The API's httpOnly refresh-token cookie (path /api/auth); named here only for reference. */
export const REFRESH_COOKIE_NAME = 'lumina_refresh';
