import { lazy, Suspense, useEffect, useState } from 'react';
import { STORAGE_KEYS } from '../../../lib/storage-keys.ts';
import {
  reloadConsentFromStorage,
  useCookieConsent,
  useCookiePreferencesOpen,
} from '../model/consent-store.ts';
import { CookieBanner } from './cookie-banner.tsx';

const loadDialog = () => import('./cookie-preferences-dialog.tsx');
const CookiePreferencesDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.CookiePreferencesDialog })),
);

function preloadDialog() {
  void loadDialog();
}

/** The banner until a choice exists, and the preferences modal (its code loads on demand). */
export function CookieConsent() {
  const consent = useCookieConsent();
  const preferencesOpen = useCookiePreferencesOpen();
  // Keep the dialog mounted after the first opening so it can close in place.
  const [dialogMounted, setDialogMounted] = useState(false);
  if (preferencesOpen && !dialogMounted) setDialogMounted(true);

  // A choice made in another tab hides the banner here too.
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key === STORAGE_KEYS.cookieConsent) reloadConsentFromStorage();
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return (
    <>
      {consent === null ? <CookieBanner onPreloadPreferences={preloadDialog} /> : null}
      {dialogMounted ? (
        <Suspense fallback={null}>
          {/* Keyed by the opening so the toggles start from the stored choice each time. */}
          <CookiePreferencesDialog key={String(preferencesOpen)} open={preferencesOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
