import { Link } from 'react-router';
import { PageNotice } from '../../components/page-notice.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** /checkout-success: the order confirmed page (spec 001 §2). */
export function Component() {
  usePageMeta({ title: 'Pedido confirmado', description: 'Seu pedido foi confirmado.' });
  return (
    <PageNotice
      title="Pedido confirmado"
      actions={
        <>
          <Link to="/" className={buttonClasses({ variant: 'outline' })}>
            Voltar para o início
          </Link>
          <Link to="/minha-conta" className={buttonClasses()}>
            Ir para Minha Conta
          </Link>
        </>
      }
    >
      <p>
        Obrigado pela compra! Recebemos seu pedido e você pode acompanhá-lo em Minha Conta, na aba
        Meus Pedidos.
      </p>
    </PageNotice>
  );
}
