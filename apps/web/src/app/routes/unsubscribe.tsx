import { useParams } from 'react-router';
import { UnsubscribePage } from '../../features/privacy/components/unsubscribe-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

/** /descadastrar/:token, the unsubscribe link in a reminder's text. */
export function Component() {
  const { token = '' } = useParams();
  usePageMeta({
    title: 'Descadastrar e-mails',
    description: 'Pare de receber os e-mails de marketing da loja.',
  });
  return <UnsubscribePage key={token} token={token} />;
}
