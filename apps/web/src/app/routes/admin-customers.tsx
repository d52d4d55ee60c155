import { CustomersListPage } from '../../features/admin/components/customers-list-page.tsx';

export function Component() {
  return <CustomersListPage />;
}
