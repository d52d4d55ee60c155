import { PixPaymentPage } from '../../features/payment/components/pix-payment-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** /payment-pix?order_id={id}&payment_id={id} */
export function Component() {
  usePageMeta({ title: 'Pagamento PIX', description: 'Pague seu pedido com PIX.' });
  return <PixPaymentPage />;
}
