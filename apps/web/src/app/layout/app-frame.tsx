import { Outlet } from 'react-router';
import { ToastViewport } from './toast-viewport.tsx';

/**
 * Around both shells, the storefront's (RootLayout) and the panel's (routes/admin.tsx): the
 * toasts, so one raised on the way from one to the other (the panel's 'Acesso restrito' on the
 * way to /minha-conta, 'Você saiu da sua conta' on the way to /) is still on screen after it.
 */
export function AppFrame() {
  return (
    <>
      <Outlet />
      <ToastViewport />
    </>
  );
}
