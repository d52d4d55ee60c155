import { CardPaymentPage } from '../../features/payment/components/card-payment-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** /payment-card?order_id={id} */
export function Component() {
  usePageMeta({
    title: 'Pagamento com cartão',
    description: 'Pague seu pedido com cartão de crédito.',
  });
  return <CardPaymentPage />;
}
