import { useContext } from 'react';
import { AuthContext } from './auth-context.ts';
import type { AuthContextValue } from './auth-types.ts';

/** The one auth state of the app (status, user, login, register, logout...). */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
