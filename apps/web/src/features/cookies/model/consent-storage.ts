import { CONSENT_COOKIE_NAME, STORAGE_KEYS } from '../../../lib/storage-keys.ts';

/** Spec 000 sections 3, 4 and 9: preferences stored with a timestamp and version "1.0"; 365-day cookie. */
export const CONSENT_VERSION = '1.0';
export const CONSENT_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export interface CookiePreferences {
  essential: true;
  performance: boolean;
  functional: boolean;
  marketing: boolean;
}

export interface StoredConsent {
  preferences: CookiePreferences;
  timestamp: string;
  version: typeof CONSENT_VERSION;
}

export type OptionalCategory = Exclude<keyof CookiePreferences, 'essential'>;

export const ALL_ACCEPTED: CookiePreferences = {
  essential: true,
  performance: true,
  functional: true,
  marketing: true,
};

/** Before any choice only essential cookies are allowed (LGPD: consent is opt-in). */
export const ONLY_ESSENTIAL: CookiePreferences = {
  essential: true,
  performance: false,
  functional: false,
  marketing: false,
};

function isStoredConsent(value: unknown): value is StoredConsent {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<StoredConsent>;
  const p = v.preferences as Partial<CookiePreferences> | undefined;
  return (
    v.version === CONSENT_VERSION &&
    typeof v.timestamp === 'string' &&
    !!p &&
    p.essential === true &&
    typeof p.performance === 'boolean' &&
    typeof p.functional === 'boolean' &&
    typeof p.marketing === 'boolean'
  );
}

/** The stored choice, or null when there is none, it is unreadable or from another version. */
export function readConsent(): StoredConsent | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.cookieConsent);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isStoredConsent(parsed) ? parsed : null;
  } catch {
    // Storage blocked (private mode, policies) or a corrupted value: ask again.
    return null;
  }
}

export function writeConsent(preferences: CookiePreferences, now = new Date()): StoredConsent {
  const consent: StoredConsent = {
    preferences: { ...preferences, essential: true },
    timestamp: now.toISOString(),
    version: CONSENT_VERSION,
  };
  try {
    localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify(consent));
  } catch {
    // Without storage the cookie below still records the choice for this year.
  }
  const cookieValue = encodeURIComponent(
    JSON.stringify({
      version: consent.version,
      performance: consent.preferences.performance,
      functional: consent.preferences.functional,
      marketing: consent.preferences.marketing,
    }),
  );
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE_NAME}=${cookieValue}; max-age=${CONSENT_COOKIE_MAX_AGE_S}; path=/; SameSite=Lax${secure}`;
  return consent;
}
