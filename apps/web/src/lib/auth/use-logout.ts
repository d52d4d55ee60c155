import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from './use-auth.ts';
import { notify } from '../ui-events.ts';

/**
 * "Sair": back to the home page first (a protected page would otherwise bounce the visitor to /
 * with a login prompt), then end the session.
 */
export function useLogout(): () => Promise<void> {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    await navigate('/');
    await logout();
    notify('Você saiu da sua conta.', 'info');
  }, [logout, navigate]);
}
