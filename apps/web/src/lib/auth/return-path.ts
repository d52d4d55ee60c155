import { STORAGE_KEYS } from '../storage-keys.ts';

interface PathParts {
  pathname: string;
  search: string;
  hash: string;
}

/** Remembers the page to come back to after a full-page sign-in trip (Google). */
export function rememberReturnPath({ pathname, search, hash }: PathParts): void {
  try {
    sessionStorage.setItem(STORAGE_KEYS.authReturnPath, pathname + search + hash);
  } catch {
    // Storage blocked: the visitor lands on the home page, which is fine.
  }
}

/** The remembered page, once; only same-site paths ('/x', never '//host' or 'https:'). */
export function takeReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(STORAGE_KEYS.authReturnPath);
    sessionStorage.removeItem(STORAGE_KEYS.authReturnPath);
    return path && /^\/(?![/\\])/.test(path) ? path : null;
  } catch {
    return null;
  }
}
