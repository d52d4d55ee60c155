import { googleSignInErrorMessage } from '@lumina/shared/auth/google-sign-in-errors';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { rememberReturnPath } from '../../../lib/auth/return-path.ts';
import { useAuthProviders } from '../api/auth-providers.ts';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.7v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9Z"
      />
    </svg>
  );
}

/** 'Login com Google não está configurado nesta loja.' */
export const GOOGLE_NOT_CONFIGURED = googleSignInErrorMessage('google_not_configured');

/**
 * Google sign-in is a full-page trip to the provider and back to /?login=success. When the store
 * has no Google credentials the button says so (and stays put) instead of leading to an error.
 */
export function GoogleSignInButton() {
  const providers = useAuthProviders();
  const location = useLocation();
  const notConfigured = providers.data?.google === false;
  const noteId = 'google-nao-configurado';

  function start() {
    if (notConfigured) return;
    rememberReturnPath(location);
    window.location.assign('/api/auth/google');
  }

  return (
    <div>
      <Button
        variant="outline"
        size="lg"
        className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        onClick={start}
        aria-disabled={notConfigured || undefined}
        aria-describedby={notConfigured ? noteId : undefined}
      >
        <GoogleMark />
        Entrar com Google
      </Button>
      {notConfigured ? (
        <p id={noteId} className="mt-2 text-center text-sm text-ink-700">
          {GOOGLE_NOT_CONFIGURED}
        </p>
      ) : null}
    </div>
  );
}
