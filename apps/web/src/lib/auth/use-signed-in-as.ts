import type { AuthUser } from './auth-types.ts';
import { firstName } from './first-name.ts';
import { useAuth } from './use-auth.ts';

/**
 * Who the header greets: the signed-in user, or, while a reload restores the session through the
 * refresh cookie, the person this browser's hint names (so the header does not flash 'Entrar').
 */
export function useSignedInAs(): { firstName: string; role: AuthUser['role'] } | null {
  const { status, user, hint } = useAuth();
  if (status === 'authenticated' && user)
    return { firstName: firstName(user.name), role: user.role };
  if (status === 'loading' && hint) return { firstName: hint.name, role: hint.role };
  return null;
}
