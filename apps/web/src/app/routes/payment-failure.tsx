import { PaymentFailurePage } from '../../features/payment/components/payment-failure-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** /payment-failure?order_id={id} */
export function Component() {
  usePageMeta({
    title: 'Pagamento não aprovado',
    description: 'Não foi possível concluir o pagamento do seu pedido.',
  });
  return <PaymentFailurePage />;
}
