import { useParams } from 'react-router';
import { CartRestorePage } from '../../features/cart/components/cart-restore-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** /carrinho/recuperar/:token, the link of a cart or PIX reminder. */
export function Component() {
  const { token = '' } = useParams();
  usePageMeta({
    title: 'Recuperar carrinho',
    description: 'Recupere as peças do seu carrinho com os preços de hoje.',
  });
  // A new token is a new page: the previous link's outcome does not carry over.
  return <CartRestorePage key={token} token={token} />;
}
