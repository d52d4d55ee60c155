import { StockAlertLinkPage } from '../../features/catalog/components/stock-alert-link-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  usePageMeta({
    title: 'Cancelar aviso de chegada',
    description: 'Cancele o aviso de quando o produto voltar ao estoque.',
  });
  return <StockAlertLinkPage action="cancel" />;
}
