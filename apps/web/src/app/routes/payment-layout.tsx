import { Outlet } from 'react-router';

/** Placeholder until the payment pages' guard lands (issue 5). */
export function Component() {
  return <Outlet />;
}
