import { Link } from 'react-router';
import { PageNotice } from '../../components/page-notice.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** Shown inside the layout when a page fails to load or render (e.g. a chunk after a deploy). */
export function RouteError() {
  usePageMeta({ title: 'Erro', description: 'Não foi possível carregar esta página.' });
  return (
    <PageNotice
      title="Algo deu errado"
      actions={
        <>
          <Button onClick={() => window.location.reload()}>Tentar novamente</Button>
          <Link to="/" className={buttonClasses({ variant: 'outline' })}>
            Voltar para o início
          </Link>
        </>
      }
    >
      <p>Não foi possível carregar esta página. Verifique sua conexão e tente novamente.</p>
    </PageNotice>
  );
}
