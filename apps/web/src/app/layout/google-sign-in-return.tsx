import { googleSignInErrorMessage } from '@lumina/shared/auth/google-sign-in-errors';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { firstName } from '../../lib/auth/first-name.ts';
import { takeReturnPath } from '../../lib/auth/return-path.ts';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { notify } from '../../lib/ui-events.ts';

/**
 * The browser comes back from Google sign-in to /?login=success (a one-time code waits in an
 * httpOnly cookie: trade it for a session) or to /?error=<code> (show its message; toasts last
 * 5 s). Either way the parameters leave the address bar at once.
 */
export function GoogleSignInReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const { exchangeGoogleLogin } = useAuth();
  // React runs effects twice in development; the code in the cookie works only once.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const success = params.get('login') === 'success';
    const code = params.get('error');
    if ((!success && code === null) || handled.current === location.key) return;
    handled.current = location.key;
    params.delete('login');
    params.delete('error');
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search && `?${search}`, hash: location.hash },
      { replace: true },
    );

    if (code !== null) {
      takeReturnPath(); // The trip failed: forget where it was meant to end.
      notify(googleSignInErrorMessage(code), 'error');
      return;
    }
    exchangeGoogleLogin().then(
      ({ user, notice }) => {
        notify(`Olá, ${firstName(user.name)}! Você entrou com sua conta Google.`, 'success');
        // E.g. an unconfirmed account with this address lost its password: its setter never
        // proved the mailbox.
        if (notice) notify(notice, 'warning', true);
        const back = takeReturnPath();
        if (back) void navigate(back, { replace: true });
      },
      (error: unknown) => {
        notify(
          error instanceof ApiError && error.status !== 0
            ? error.message
            : googleSignInErrorMessage('session_creation_failed'),
          'error',
        );
      },
    );
  }, [location, navigate, exchangeGoogleLogin]);

  return null;
}
