import { CouponsPage } from '../../features/admin/components/coupons-page.tsx';

export function Component() {
  return <CouponsPage />;
}
