import { useParams } from 'react-router';
import { OrderPage } from '../../features/account/components/order-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useShopName } from '../../lib/store-settings.ts';

/** /minha-conta/pedidos/:id (logged-in only). */
export function Component() {
  const shopName = useShopName();
  usePageMeta({
    title: 'Meu pedido',
    description: `Seu pedido${shopName ? ` na loja ${shopName}` : ''}: itens, reembolsos, desistência e troca.`,
  });
  const { id } = useParams();
  const orderId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : 0;
  return <OrderPage key={orderId} orderId={orderId} />;
}
