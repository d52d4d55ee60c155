import { useParams } from 'react-router';
import { CustomerDetailPage } from '../../features/admin/components/customer-detail-page.tsx';

export function Component() {
  const { id } = useParams();
  const customerId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : 0;
  return <CustomerDetailPage key={customerId} customerId={customerId} />;
}
