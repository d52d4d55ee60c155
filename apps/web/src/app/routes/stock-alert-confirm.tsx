import { StockAlertLinkPage } from '../../features/catalog/components/stock-alert-link-page.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  usePageMeta({
    title: 'Confirmar aviso de chegada',
    description: 'Confirme o aviso de quando o produto voltar ao estoque.',
  });
  return <StockAlertLinkPage action="confirm" />;
}
