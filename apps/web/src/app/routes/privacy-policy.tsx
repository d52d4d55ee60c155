import { PageNotice } from '../../components/page-notice.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  usePageMeta({
    title: 'Política de Privacidade',
    description: 'Como a Lumina Piercings coleta, usa e protege seus dados pessoais.',
  });
  return <PageNotice title="Política de Privacidade" />;
}
