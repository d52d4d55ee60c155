import { STORAGE_KEYS } from '../storage-keys.ts';
import type { AuthUser } from './auth-types.ts';

/**
 * The stored credentials: the access token and the user, one key each. The refresh token is never
 * stored here: it lives only in the httpOnly cookie the API sets, out of reach of page scripts.
 */
export interface StoredCredentials {
  accessToken: string | null;
  user: AuthUser | null;
}

function isAuthUser(value: unknown): value is AuthUser {
  if (value === null || typeof value !== 'object') return false;
  const user = value as Partial<AuthUser>;
  return (
    typeof user.id === 'number' && typeof user.name === 'string' && typeof user.email === 'string'
  );
}

export function readCredentials(): StoredCredentials {
  try {
    const accessToken = localStorage.getItem(STORAGE_KEYS.accessToken);
    const rawUser = localStorage.getItem(STORAGE_KEYS.user);
    let user: AuthUser | null = null;
    if (rawUser) {
      const parsed: unknown = JSON.parse(rawUser);
      user = isAuthUser(parsed) ? parsed : null;
    }
    return { accessToken: accessToken || null, user };
  } catch {
    return { accessToken: null, user: null };
  }
}

export function writeAccessToken(token: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.accessToken, token);
  } catch {
    // Storage blocked (private mode, quota): the session lives in memory for this tab.
  }
}

export function writeUser(user: AuthUser): void {
  try {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  } catch {
    // As above: memory only.
  }
}

export function clearCredentials(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    localStorage.removeItem(STORAGE_KEYS.user);
  } catch {
    // Nothing was stored.
  }
}

/** Storage keys whose change in another tab means the session changed there. */
export const CREDENTIAL_KEYS: readonly string[] = [STORAGE_KEYS.accessToken, STORAGE_KEYS.user];
