import { useParams } from 'react-router';
import { OrderDetailPage } from '../../features/admin/components/order-detail-page.tsx';

export function Component() {
  const { id } = useParams();
  const orderId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : 0;
  return <OrderDetailPage key={orderId} orderId={orderId} />;
}
