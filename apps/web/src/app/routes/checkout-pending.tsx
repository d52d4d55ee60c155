import { Link } from 'react-router';
import { PageNotice } from '../../components/page-notice.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** /checkout-pending: the payment under review page (spec 001 §2). */
export function Component() {
  usePageMeta({
    title: 'Pagamento em análise',
    description: 'O pagamento do seu pedido está em análise.',
  });
  return (
    <PageNotice
      title="Pagamento em análise"
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
        Recebemos seu pedido e o pagamento está em análise. Assim que ele for confirmado, o status
        muda em Minha Conta, na aba Meus Pedidos.
      </p>
    </PageNotice>
  );
}
