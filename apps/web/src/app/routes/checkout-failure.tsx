import { Link } from 'react-router';
import { CloseIcon } from '../../components/icons.tsx';
import { PageNotice } from '../../components/page-notice.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** /checkout-failure: the payment not processed page (spec 001 §2). */
export function Component() {
  usePageMeta({
    title: 'Pagamento não processado',
    description: 'Não foi possível processar o pagamento do seu pedido.',
  });
  return (
    <PageNotice
      title="Pagamento não processado"
      icon={<CloseIcon className="size-8 text-sale" />}
      actions={
        <>
          <Link to="/carrinho" className={buttonClasses()}>
            Voltar ao carrinho
          </Link>
          <Link to="/" className={buttonClasses({ variant: 'outline' })}>
            Voltar para o início
          </Link>
        </>
      }
    >
      <p>
        Não conseguimos processar o pagamento do seu pedido. Confira seu carrinho e tente novamente.
      </p>
    </PageNotice>
  );
}
