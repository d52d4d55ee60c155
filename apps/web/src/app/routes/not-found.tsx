import { Link } from 'react-router';
import { PageNotice } from '../../components/page-notice.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  usePageMeta({
    title: 'Página não encontrada',
    description: 'A página que você procurou não existe ou mudou de endereço.',
  });
  return (
    <PageNotice
      eyebrow="Erro 404"
      title="Página não encontrada"
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
        O endereço pode ter mudado ou a página não existe mais. Que tal voltar ao início ou explorar
        nossas joias?
      </p>
    </PageNotice>
  );
}
