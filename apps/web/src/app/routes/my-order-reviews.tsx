import { useParams } from 'react-router';
import { OrderReviewsPage } from '../../features/account/components/order-reviews-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useShopName } from '../../lib/store-settings.ts';

/** /minha-conta/pedidos/:id/avaliar (logged-in only): the e-mail after delivery links here. */
export function Component() {
  const shopName = useShopName();
  usePageMeta({
    title: 'Avaliar produtos',
    description: `Avalie os produtos do seu pedido${shopName ? ` na loja ${shopName}` : ''}.`,
  });
  const { id } = useParams();
  const orderId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : 0;
  return <OrderReviewsPage key={orderId} orderId={orderId} />;
}
