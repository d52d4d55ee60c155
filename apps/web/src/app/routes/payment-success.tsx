import { PaymentSuccessPage } from '../../features/payment/components/payment-success-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** /payment-success?order_id={id} */
export function Component() {
  usePageMeta({ title: 'Pagamento aprovado', description: 'Seu pedido foi pago.' });
  return <PaymentSuccessPage />;
}
