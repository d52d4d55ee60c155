import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AuthRedirectState } from '../../lib/auth/require-auth.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import {
  authDialogChannel,
  loginDialogChannel,
  openLoginDialog,
  type AuthDialogView,
  type LoginDialogReason,
} from '../../lib/ui-events.ts';

const loadAuthDialog = () => import('../../features/auth/components/auth-dialog.tsx');
const AuthDialog = lazy(() => loadAuthDialog().then((module) => ({ default: module.AuthDialog })));

/** Starts downloading the dialog before the click (on hover or focus of the "Entrar" button). */
export function preloadAuthDialog(): void {
  void loadAuthDialog();
}

interface DialogState {
  open: boolean;
  view: AuthDialogView;
  reason: LoginDialogReason;
}

/**
 * Answers `openAuthDialog()` / `openLoginDialog()` from anywhere; the dialog code loads on first
 * use. It also finishes the protected-route rule: a visitor sent to / by RequireAuth gets the
 * login view, and once logged in goes back to the page they wanted.
 */
export function AuthDialogHost() {
  const [state, setState] = useState<DialogState | null>(null);
  const { status } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const from = (location.state as Partial<AuthRedirectState> | null)?.from;

  useEffect(() => {
    const unsubscribeLogin = loginDialogChannel.subscribe((reason) =>
      setState({ open: true, view: 'login', reason }),
    );
    const unsubscribeView = authDialogChannel.subscribe((view) =>
      setState({ open: true, view, reason: 'login' }),
    );
    return () => {
      unsubscribeLogin();
      unsubscribeView();
    };
  }, []);

  useEffect(() => {
    if (!from) return;
    // The login form closes the dialog itself on success.
    if (status === 'anonymous') openLoginDialog('login');
    if (status === 'authenticated') {
      void navigate(from.pathname + from.search + from.hash, { replace: true });
    }
  }, [from, status, navigate]);

  if (!state) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog
        open={state.open}
        view={state.view}
        reason={state.reason}
        onOpenChange={(open) => setState((current) => current && { ...current, open })}
        onViewChange={(view) => setState((current) => current && { ...current, view })}
      />
    </Suspense>
  );
}
