import { BoletoPaymentPage } from '../../features/payment/components/boleto-payment-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** /payment-boleto?order_id={id} */
export function Component() {
  usePageMeta({
    title: 'Pagamento com boleto',
    description: 'Pague seu pedido com boleto bancário.',
  });
  return <BoletoPaymentPage />;
}
