import { useParams } from 'react-router';
import { ReturnDetailPage } from '../../features/admin/components/return-detail-page.tsx';

export function Component() {
  const { id } = useParams();
  const returnId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : 0;
  return <ReturnDetailPage key={returnId} returnId={returnId} />;
}
