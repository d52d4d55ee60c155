import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../../lib/auth/use-auth.ts';
import type { AuthUser } from '../../lib/auth/auth-types.ts';

const AccountConsentsDialog = lazy(() =>
  import('../../features/privacy/components/account-consents-dialog.tsx').then((module) => ({
    default: module.AccountConsentsDialog,
  })),
);

/** Read here: the person asked to accept it must be able to (the links also open a new tab). */
const POLICY_PATH = '/politica-privacidade';

/**
 * An account that never accepted the privacy policy and the terms (one created with Google). The
 * shop's administrators, created by the operator (ADMIN_EMAIL, npm run admin:create), are staff
 * whose accounts never saw the register form either: they are not asked, the panel stays usable.
 */
function needsConsents(user: AuthUser): boolean {
  if (user.role === 'admin') return false;
  return !user.privacy_policy_accepted || !user.terms_of_service_accepted;
}

/**
 * Asks an account for the register form's consents on its first visit, on any page. Its code
 * loads only for such an account: other visitors, and the home page's first download, never
 * carry it.
 */
export function AccountConsentsHost() {
  const { status, user } = useAuth();
  const { pathname } = useLocation();
  if (status !== 'authenticated' || !user || !needsConsents(user)) return null;
  if (pathname === POLICY_PATH) return null;
  return (
    <Suspense fallback={null}>
      <AccountConsentsDialog />
    </Suspense>
  );
}
