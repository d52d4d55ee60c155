import { PaymentPendingPage } from '../../features/payment/components/payment-pending-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** /payment-pending?order_id={id} */
export function Component() {
  usePageMeta({
    title: 'Pagamento pendente',
    description: 'Acompanhe a confirmação do pagamento do seu pedido.',
  });
  return <PaymentPendingPage />;
}
