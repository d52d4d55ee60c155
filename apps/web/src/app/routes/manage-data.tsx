import { Link } from 'react-router';
import { ShieldIcon } from '../../components/icons.tsx';
import { PageNotice } from '../../components/page-notice.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { STORE_PRIVACY_EMAIL } from '../../lib/store-info.ts';

export function Component() {
  usePageMeta({
    title: 'Gerenciar Dados',
    description: 'Gerencie seus dados pessoais e consentimentos conforme a LGPD.',
  });
  return (
    <PageNotice
      eyebrow="LGPD"
      title="Gerenciar Dados"
      icon={<ShieldIcon className="size-8" />}
      actions={
        <>
          <Link to="/politica-privacidade" className={buttonClasses({ variant: 'outline' })}>
            Política de Privacidade
          </Link>
          <Link to="/" className={buttonClasses()}>
            Voltar para o início
          </Link>
        </>
      }
    >
      <p>
        A área para consultar, exportar e excluir seus dados pessoais chega junto com as contas de
        cliente.
      </p>
      <p>
        Até lá, para exercer qualquer direito previsto na LGPD, escreva para{' '}
        <a
          href={`mailto:${STORE_PRIVACY_EMAIL}`}
          className="text-gold-700 underline underline-offset-2"
        >
          {STORE_PRIVACY_EMAIL}
        </a>
        . Respondemos em até 15 dias úteis.
      </p>
    </PageNotice>
  );
}
