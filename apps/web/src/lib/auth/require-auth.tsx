import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './use-auth.ts';

/** What RequireAuth puts in the location state of its redirect to /. */
export interface AuthRedirectState {
  from: { pathname: string; search: string; hash: string };
}

export const AUTH_LOADING_TEXT = 'Verificando autenticação...';

/**
 * Protected-route rule (spec 000 §2): while auth loads, say so; anonymous visitors go to / with
 * the place they wanted in the location state; the app opens the login modal there and, after
 * login, sends them back.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') {
    return (
      <p role="status" className="mx-auto max-w-7xl px-4 py-16 text-center text-ink-700">
        {AUTH_LOADING_TEXT}
      </p>
    );
  }
  if (status === 'anonymous') {
    const state: AuthRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/" state={state} replace />;
  }
  return children;
}
