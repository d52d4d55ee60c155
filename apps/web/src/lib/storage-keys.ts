/**
 * Every browser-storage key and cookie name of the web app, one place, one key per value.
 * The system the spec describes kept the access token under two different keys; here each piece
 * of state has exactly one name, and later features import it from this file.
 * There is no token key on purpose: the refresh token lives only in the API's httpOnly cookie
 * (REFRESH_COOKIE_NAME) and the access token only in the memory of the tab (lib/auth).
 */
export const STORAGE_KEYS = {
  cookieConsent: 'lumina.cookie-consent',
  /**
   * That this browser has a session: the user's id, first name and role, nothing secret or
   * personal (no token, CPF, phone, e-mail or birth date). A reload restores the session only
   * when it is there; its removal logs the other tabs out.
   */
  sessionHint: 'lumina.session-hint',
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

/** Keys of earlier versions (the access token, the whole user), deleted on start. */
export const RETIRED_STORAGE_KEYS = {
  accessToken: 'lumina.access-token',
  user: 'lumina.user',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The 365-day cookie that records the cookie-consent choice (readable by the server too). */
export const CONSENT_COOKIE_NAME = 'lumina_cookie_consent';

/** The API's httpOnly refresh-token cookie (path /api/auth); named here only for reference. */
export const REFRESH_COOKIE_NAME = 'lumina_refresh';
