import { OrdersListPage } from '../../features/admin/components/orders-list-page.tsx';

export function Component() {
  return <OrdersListPage />;
}
