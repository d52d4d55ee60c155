import { StaffPage } from '../../features/admin/components/staff-page.tsx';

export function Component() {
  return <StaffPage />;
}
