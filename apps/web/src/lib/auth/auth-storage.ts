import { RETIRED_STORAGE_KEYS, STORAGE_KEYS } from '../storage-keys.ts';
import type { AuthUser, SessionHint } from './auth-types.ts';
import { firstName } from './first-name.ts';

/**
 * All the auth state a browser keeps: the session hint. The access token lives in the tab's
 * memory and the refresh token in the API's httpOnly cookie, out of reach of page scripts.
 */
function isSessionHint(value: unknown): value is SessionHint {
  if (value === null || typeof value !== 'object') return false;
  const hint = value as Partial<SessionHint>;
  return (
    typeof hint.id === 'number' &&
    typeof hint.name === 'string' &&
    (hint.role === 'customer' || hint.role === 'admin')
  );
}

export function hintOf(user: Pick<AuthUser, 'id' | 'name' | 'role'>): SessionHint {
  return { id: user.id, name: firstName(user.name), role: user.role };
}

function parseHint(raw: string | null): SessionHint | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    // The retired user key held a whole user: keep only the hint's fields.
    return isSessionHint(parsed) ? hintOf(parsed) : null;
  } catch {
    return null;
  }
}

export function readHint(): SessionHint | null {
  try {
    return parseHint(localStorage.getItem(STORAGE_KEYS.sessionHint));
  } catch {
    return null;
  }
}

export function writeHint(user: AuthUser): void {
  try {
    localStorage.setItem(STORAGE_KEYS.sessionHint, JSON.stringify(hintOf(user)));
  } catch {
    // Storage blocked (private mode, quota): the session lasts as long as this tab.
  }
}

export function clearHint(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.sessionHint);
  } catch {
    // Nothing was stored.
  }
}

/**
 * Browsers of earlier versions kept the access token and the whole user (CPF, phone...): both
 * go, and a stored user becomes the hint, so its owner stays logged in through the cookie.
 */
export function retireStoredCredentials(): void {
  try {
    const user = parseHint(localStorage.getItem(RETIRED_STORAGE_KEYS.user));
    localStorage.removeItem(RETIRED_STORAGE_KEYS.accessToken);
    localStorage.removeItem(RETIRED_STORAGE_KEYS.user);
    if (user && !localStorage.getItem(STORAGE_KEYS.sessionHint)) {
      localStorage.setItem(STORAGE_KEYS.sessionHint, JSON.stringify(user));
    }
  } catch {
    // Storage blocked: there was nothing to retire.
  }
}
