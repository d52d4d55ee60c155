import { Outlet } from 'react-router';
import { RequireAuth } from '../../lib/auth/require-auth.tsx';

/** Parent route of the logged-in-only pages; lazy, so the guard is not on the home page. */
export function Component() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}
