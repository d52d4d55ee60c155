import { lazy, Suspense, useEffect, useState } from 'react';
import { loginDialogChannel, type LoginDialogReason } from '../../lib/ui-events.ts';

const loadLoginDialog = () => import('./login-dialog.tsx');
const LoginDialog = lazy(() =>
  loadLoginDialog().then((module) => ({ default: module.LoginDialog })),
);

/** Starts downloading the dialog before the click (on hover or focus of the "Entrar" button). */
export function preloadLoginDialog(): void {
  void loadLoginDialog();
}

/** Answers `openLoginDialog()` from anywhere in the app; the dialog code loads on first use. */
export function LoginDialogHost() {
  const [reason, setReason] = useState<LoginDialogReason | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(
    () =>
      loginDialogChannel.subscribe((next) => {
        setReason(next);
        setOpen(true);
      }),
    [],
  );

  if (!reason) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog open={open} reason={reason} onOpenChange={setOpen} />
    </Suspense>
  );
}
