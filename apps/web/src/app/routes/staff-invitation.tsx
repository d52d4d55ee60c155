import { useParams } from 'react-router';
import { InvitationPage } from '../../features/staff-invitation/components/invitation-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  const { token = '' } = useParams();
  usePageMeta({
    title: 'Convite para a equipe',
    description: 'Aceite o convite para a equipe da loja.',
  });
  // A new token is a new page: nothing of the previous link's form carries over.
  return <InvitationPage key={token} token={token} />;
}
