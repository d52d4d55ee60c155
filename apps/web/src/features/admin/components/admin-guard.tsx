import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { notify } from '../../../lib/ui-events.ts';
import { ADMIN_MESSAGES, sessionJustExpired } from '../api/admin-request.ts';

/**
 * The panel's guard (spec 001 §2): anyone who is not an administrator is sent to /minha-conta
 * with the restricted-access message. It only spares a pointless screen: the API itself answers
 * 401/403 to every admin call, reading the role from the database.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const allowed = status === 'authenticated' && user?.role === 'admin';

  useEffect(() => {
    if (status === 'loading' || allowed) return;
    // A task later: on a first load the toasts' listener subscribes after this page's effects.
    const timer = setTimeout(() => {
      // An expired session has already been said ('Sessão expirada...'): not 'Acesso restrito'.
      if (!sessionJustExpired()) notify(ADMIN_MESSAGES.restricted, 'error');
      void navigate('/minha-conta', { replace: true });
    }, 0);
    return () => clearTimeout(timer);
  }, [status, allowed, navigate]);

  if (!allowed) {
    return (
      <p role="status" className="mx-auto max-w-7xl px-4 py-16 text-center text-ink-700">
        {status === 'loading' ? ADMIN_MESSAGES.waitingAuth : ADMIN_MESSAGES.restricted}
      </p>
    );
  }
  return children;
}
