import { Link } from 'react-router';
import { BagIcon } from '../../components/icons.tsx';
import { PageNotice } from '../../components/page-notice.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  usePageMeta({
    title: 'Carrinho',
    description: 'Seu carrinho de compras na Lumina Piercings.',
  });
  return (
    <PageNotice
      title="Seu carrinho está vazio"
      icon={<BagIcon className="size-8" />}
      actions={
        <Link to="/produtos" className={buttonClasses({ size: 'lg' })}>
          Ver produtos
        </Link>
      }
    >
      <p>
        Estamos preparando o carrinho de compras: em breve você poderá adicionar produtos e
        finalizar o pedido com PIX por aqui.
      </p>
    </PageNotice>
  );
}
