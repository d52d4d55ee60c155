import { Outlet } from 'react-router';
import { PaymentGuard } from '../../features/payment/components/payment-guard.tsx';

/** Parent route of the payment and result pages; lazy, so the guard is not on the home page. */
export function Component() {
  return (
    <PaymentGuard>
      <Outlet />
    </PaymentGuard>
  );
}
