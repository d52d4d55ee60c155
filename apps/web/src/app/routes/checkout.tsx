import { CheckoutPage } from '../../features/checkout/components/checkout-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** /checkout, inside the logged-in guard. */
export function Component() {
  usePageMeta({
    title: 'Finalizar compra',
    description: 'Confira seus dados e finalize seu pedido com pagamento via PIX.',
  });
  return <CheckoutPage />;
}
