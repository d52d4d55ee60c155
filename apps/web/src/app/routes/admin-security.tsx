import { SecurityPage } from '../../features/admin/components/security-page.tsx';

export function Component() {
  return <SecurityPage />;
}
