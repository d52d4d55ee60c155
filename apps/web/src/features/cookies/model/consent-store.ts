import { useSyncExternalStore } from 'react';
import {
  readConsent,
  writeConsent,
  type CookiePreferences,
  type StoredConsent,
} from './consent-storage.ts';

/**
 * The consent choice and the "preferences dialog open" flag, shared by the banner, the dialog and
 * the footer link that reopens the preferences, without a React context.
 */
interface State {
  consent: StoredConsent | null;
  preferencesOpen: boolean;
}

let state: State | null = null;
const listeners = new Set<() => void>();

function current(): State {
  state ??= { consent: readConsent(), preferencesOpen: false };
  return state;
}

function setState(next: Partial<State>): void {
  state = { ...current(), ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function saveConsent(preferences: CookiePreferences): void {
  setState({ consent: writeConsent(preferences), preferencesOpen: false });
}

export function openCookiePreferences(): void {
  setState({ preferencesOpen: true });
}

export function closeCookiePreferences(): void {
  setState({ preferencesOpen: false });
}

/** Forgets the cached state so the next read comes from storage again (tests, other tabs). */
export function reloadConsentFromStorage(): void {
  state = null;
  for (const listener of listeners) listener();
}

/**
 * The stored choice, null when none was made. undefined while not known: on the server and while
 * a server-rendered page hydrates (its HTML has no banner), so the banner appears only once the
 * browser has
 * read its storage.
 */
export function useCookieConsent(): StoredConsent | null | undefined {
  return useSyncExternalStore(subscribe, () => current().consent, noChoiceKnown);
}

const noChoiceKnown = () => undefined;

export function useCookiePreferencesOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => current().preferencesOpen,
    () => false,
  );
}
