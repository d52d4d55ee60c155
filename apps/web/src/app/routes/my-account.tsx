import { Link } from 'react-router';
import { UserIcon } from '../../components/icons.tsx';
import { PageNotice } from '../../components/page-notice.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  usePageMeta({
    title: 'Minha Conta',
    description: 'Acesse sua conta na Lumina Piercings.',
  });
  return (
    <PageNotice
      title="Minha Conta"
      icon={<UserIcon className="size-8" />}
      actions={
        <>
          <Link to="/" className={buttonClasses({ variant: 'outline' })}>
            Voltar para o início
          </Link>
          <Link to="/produtos" className={buttonClasses()}>
            Ver produtos
          </Link>
        </>
      }
    >
      <p>
        Login e cadastro chegam em breve. Com a sua conta, você vai acompanhar pedidos, salvar
        endereços e montar sua lista de desejos.
      </p>
    </PageNotice>
  );
}
